package main

import (
	"errors"
	"io"
	"os"

	"cosmossdk.io/depinject"
	"cosmossdk.io/log"
	cmtcfg "github.com/cometbft/cometbft/config"
	dbm "github.com/cosmos/cosmos-db"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/cosmos/cosmos-sdk/client"
	"github.com/cosmos/cosmos-sdk/client/config"
	"github.com/cosmos/cosmos-sdk/client/debug"
	"github.com/cosmos/cosmos-sdk/client/keys"
	"github.com/cosmos/cosmos-sdk/codec"
	addresscodec "github.com/cosmos/cosmos-sdk/codec/address"
	codectypes "github.com/cosmos/cosmos-sdk/codec/types"
	"github.com/cosmos/cosmos-sdk/server"
	serverconfig "github.com/cosmos/cosmos-sdk/server/config"
	servertypes "github.com/cosmos/cosmos-sdk/server/types"
	sdk "github.com/cosmos/cosmos-sdk/types"
	"github.com/cosmos/cosmos-sdk/types/module"
	authcli "github.com/cosmos/cosmos-sdk/x/auth/client/cli"
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	bankcli "github.com/cosmos/cosmos-sdk/x/bank/client/cli"
	genutilcli "github.com/cosmos/cosmos-sdk/x/genutil/client/cli"

	"cometdesk.dev/devnet/chains/sdk53/app"
)

// newRootCmd builds the `simd` command line: init, keys, genesis, start, status, export, and tx.
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
		txCommand(),
	)
	return rootCmd
}

// txCommand is the offline signing round trip the wallet's files go through: a transfer written
// unsigned (`tx bank send --generate-only`), signed on the key's machine (`tx sign --offline`,
// `--multisig`), assembled (`tx multisign`), checked, encoded and broadcast.
func txCommand() *cobra.Command {
	cmd := &cobra.Command{Use: "tx", Short: "Transaction subcommands", RunE: client.ValidateCmd}
	cmd.AddCommand(
		authcli.GetSignCommand(),
		authcli.GetMultiSignCommand(),
		authcli.GetValidateSignaturesCommand(),
		authcli.GetBroadcastCommand(),
		authcli.GetEncodeCommand(),
		authcli.GetDecodeCommand(),
		bankcli.NewTxCmd(addresscodec.NewBech32Codec(sdk.GetConfig().GetBech32AccountAddrPrefix())),
	)
	return cmd
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
