// Part of the sdk54 devnet variant (Cosmos SDK v0.54, CometBFT v0.39): the same chain as
// devnet/chains/sdk53, built on the newer SDK. See devnet/README.md, "Variants".

package main

import (
	"errors"
	"os"

	"cosmossdk.io/depinject"
	"cosmossdk.io/log/v2"
	cmtcfg "github.com/cometbft/cometbft/config"
	dbm "github.com/cosmos/cosmos-db"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/cosmos/cosmos-sdk/client"
	"github.com/cosmos/cosmos-sdk/client/config"
	"github.com/cosmos/cosmos-sdk/client/debug"
	"github.com/cosmos/cosmos-sdk/client/keys"
	"github.com/cosmos/cosmos-sdk/codec"
	codectypes "github.com/cosmos/cosmos-sdk/codec/types"
	"github.com/cosmos/cosmos-sdk/server"
	serverconfig "github.com/cosmos/cosmos-sdk/server/config"
	servertypes "github.com/cosmos/cosmos-sdk/server/types"
	sdk "github.com/cosmos/cosmos-sdk/types"
	"github.com/cosmos/cosmos-sdk/types/module"
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	genutilcli "github.com/cosmos/cosmos-sdk/x/genutil/client/cli"

	"cometdesk.dev/devnet/chains/sdk54/app"
)

// newRootCmd builds the `simd` command line: init, keys, genesis, start, status, export.
func newRootCmd() *cobra.Command {
	var (
		basicManager module.BasicManager
		clientCtx    client.Context
	)
	if err := depinject.Inject(
		depinject.Configs(
			app.AppConfig(),
			depinject.Supply(log.NewNopLogger()),
			depinject.Provide(ProvideClientContext),
		),
		&basicManager,
		&clientCtx,
	); err != nil {
		panic(err)
	}

	rootCmd := &cobra.Command{
		Use:           "simd",
		Short:         "Cometdesk devnet chain (Cosmos SDK reference modules)",
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			cmd.SetOut(cmd.OutOrStdout())
			cmd.SetErr(cmd.ErrOrStderr())
			ctx := clientCtx.WithCmdContext(cmd.Context()).WithViper("")
			ctx, err := client.ReadPersistentCommandFlags(ctx, cmd.Flags())
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
		genutilcli.InitCmd(basicManager, app.DefaultNodeHome),
		debug.Cmd(),
	)
	server.AddCommands(rootCmd, app.DefaultNodeHome, newApp, appExport, func(*cobra.Command) {})
	rootCmd.AddCommand(
		server.StatusCommand(),
		genutilcli.Commands(clientCtx.TxConfig, basicManager, app.DefaultNodeHome),
		keys.Commands(),
	)
	return rootCmd
}

// ProvideClientContext gives the CLI commands their codecs and tx config (depinject wants it exported).
func ProvideClientContext(
	appCodec codec.Codec,
	interfaceRegistry codectypes.InterfaceRegistry,
	txConfig client.TxConfig,
	legacyAmino *codec.LegacyAmino,
) client.Context {
	return client.Context{}.
		WithCodec(appCodec).
		WithInterfaceRegistry(interfaceRegistry).
		WithTxConfig(txConfig).
		WithLegacyAmino(legacyAmino).
		WithInput(os.Stdin).
		WithAccountRetriever(authtypes.AccountRetriever{}).
		WithHomeDir(app.DefaultNodeHome).
		WithViper("")
}

// SDK 0.54: the app creator and exporter no longer take a trace writer.
func newApp(logger log.Logger, db dbm.DB, appOpts servertypes.AppOptions) servertypes.Application {
	return app.New(logger, db, true, appOpts, server.DefaultBaseappOptions(appOpts)...)
}

func appExport(
	logger log.Logger,
	db dbm.DB,
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
	a := app.New(logger, db, height == -1, viperOpts)
	if height != -1 {
		if err := a.LoadHeight(height); err != nil {
			return servertypes.ExportedApp{}, err
		}
	}
	return a.ExportAppStateAndValidators(forZeroHeight, jailAllowedAddrs, modulesToExport)
}
