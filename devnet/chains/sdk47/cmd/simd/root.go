package main

import (
	"errors"
	"io"
	"os"

	"cosmossdk.io/depinject"
	dbm "github.com/cometbft/cometbft-db"
	cmtcfg "github.com/cometbft/cometbft/config"
	"github.com/cometbft/cometbft/libs/log"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/cosmos/cosmos-sdk/client"
	"github.com/cosmos/cosmos-sdk/client/config"
	"github.com/cosmos/cosmos-sdk/client/debug"
	"github.com/cosmos/cosmos-sdk/client/keys"
	"github.com/cosmos/cosmos-sdk/client/rpc"
	"github.com/cosmos/cosmos-sdk/codec"
	codectypes "github.com/cosmos/cosmos-sdk/codec/types"
	"github.com/cosmos/cosmos-sdk/server"
	serverconfig "github.com/cosmos/cosmos-sdk/server/config"
	servertypes "github.com/cosmos/cosmos-sdk/server/types"
	sdk "github.com/cosmos/cosmos-sdk/types"
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	genutilcli "github.com/cosmos/cosmos-sdk/x/genutil/client/cli"

	"cometdesk.dev/devnet/chains/sdk47/app"
)

// newRootCmd builds the `simd` command line: init, keys, genesis, start, status, export.
func newRootCmd() *cobra.Command {
	var (
		interfaceRegistry codectypes.InterfaceRegistry
		appCodec          codec.Codec
		txConfig          client.TxConfig
		legacyAmino       *codec.LegacyAmino
	)
	if err := depinject.Inject(app.AppConfig(), &interfaceRegistry, &appCodec, &txConfig, &legacyAmino); err != nil {
		panic(err)
	}
	clientCtx := client.Context{}.
		WithCodec(appCodec).
		WithInterfaceRegistry(interfaceRegistry).
		WithTxConfig(txConfig).
		WithLegacyAmino(legacyAmino).
		WithInput(os.Stdin).
		WithAccountRetriever(authtypes.AccountRetriever{}).
		WithHomeDir(app.DefaultNodeHome).
		WithViper("")

	rootCmd := &cobra.Command{
		Use:           "simd",
		Short:         "Cometdesk devnet chain on Cosmos SDK v0.47 (reference modules)",
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			cmd.SetOut(cmd.OutOrStdout())
			cmd.SetErr(cmd.ErrOrStderr())
			ctx, err := client.ReadPersistentCommandFlags(clientCtx, cmd.Flags())
			if err != nil {
				return err
			}
			ctx, err = config.ReadFromClientConfig(ctx)
			if err != nil {
				return err
			}
			if err := client.SetCmdClientContextHandler(ctx, cmd); err != nil {
				return err
			}
			appConfig := serverconfig.DefaultConfig()
			// A node refuses to start without a minimum gas price; the devnet's is low (see devnet/README.md).
			appConfig.MinGasPrices = app.MinGasPrices
			return server.InterceptConfigsPreRunHandler(cmd, serverconfig.DefaultConfigTemplate, appConfig, cmtcfg.DefaultConfig())
		},
	}

	sdk.GetConfig().Seal()
	rootCmd.AddCommand(
		genutilcli.InitCmd(app.ModuleBasics, app.DefaultNodeHome),
		debug.Cmd(),
	)
	server.AddCommands(rootCmd, app.DefaultNodeHome, newApp, appExport, func(*cobra.Command) {})
	rootCmd.AddCommand(
		rpc.StatusCommand(),
		// v0.47 names the validation command `genesis validate-genesis`; later SDKs call it `genesis validate`.
		genutilcli.GenesisCoreCommand(txConfig, app.ModuleBasics, app.DefaultNodeHome),
		keys.Commands(app.DefaultNodeHome),
	)
	return rootCmd
}

func newApp(logger log.Logger, db dbm.DB, traceStore io.Writer, appOpts servertypes.AppOptions) servertypes.Application {
	return app.New(logger, db, traceStore, true, appOpts, server.DefaultBaseappOptions(appOpts)...)
}

func appExport(
	logger log.Logger,
	db dbm.DB,
	traceStore io.Writer,
	height int64,
	forZeroHeight bool,
	jailAllowedAddrs []string,
	appOpts servertypes.AppOptions,
	modulesToExport []string,
) (servertypes.ExportedApp, error) {
	viperOpts, ok := appOpts.(*viper.Viper)
	if !ok {
		return servertypes.ExportedApp{}, errors.New("appOpts is not a viper.Viper")
	}
	viperOpts.Set(server.FlagInvCheckPeriod, 1)
	a := app.New(logger, db, traceStore, height == -1, viperOpts)
	if height != -1 {
		if err := a.LoadHeight(height); err != nil {
			return servertypes.ExportedApp{}, err
		}
	}
	return a.ExportAppStateAndValidators(forZeroHeight, jailAllowedAddrs, modulesToExport)
}
