// Package app (the sdk54 devnet variant: Cosmos SDK v0.54, CometBFT v0.39) assembles the devnet chain from the Cosmos SDK's reference modules
// (auth, bank, staking, distribution, slashing, gov, upgrade, consensus, genutil) with depinject, the same way
// the SDK's own simapp does. See devnet/README.md for why simapp is not imported directly.
package app

import (
	runtimev1alpha1 "cosmossdk.io/api/cosmos/app/runtime/v1alpha1"
	appv1alpha1 "cosmossdk.io/api/cosmos/app/v1alpha1"
	authmodulev1 "cosmossdk.io/api/cosmos/auth/module/v1"
	bankmodulev1 "cosmossdk.io/api/cosmos/bank/module/v1"
	consensusmodulev1 "cosmossdk.io/api/cosmos/consensus/module/v1"
	distrmodulev1 "cosmossdk.io/api/cosmos/distribution/module/v1"
	genutilmodulev1 "cosmossdk.io/api/cosmos/genutil/module/v1"
	govmodulev1 "cosmossdk.io/api/cosmos/gov/module/v1"
	slashingmodulev1 "cosmossdk.io/api/cosmos/slashing/module/v1"
	stakingmodulev1 "cosmossdk.io/api/cosmos/staking/module/v1"
	txconfigv1 "cosmossdk.io/api/cosmos/tx/config/v1"
	upgrademodulev1 "cosmossdk.io/api/cosmos/upgrade/module/v1"
	"cosmossdk.io/core/appconfig"
	"cosmossdk.io/depinject"
	_ "github.com/cosmos/cosmos-sdk/x/upgrade" // software upgrade plans, so the app's watch can be proven on a real plan
	upgradetypes "github.com/cosmos/cosmos-sdk/x/upgrade/types"

	"github.com/cosmos/cosmos-sdk/types/module"
	_ "github.com/cosmos/cosmos-sdk/x/auth"           // registers the auth module with depinject
	_ "github.com/cosmos/cosmos-sdk/x/auth/tx/config" // registers the tx config module
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	_ "github.com/cosmos/cosmos-sdk/x/bank"
	banktypes "github.com/cosmos/cosmos-sdk/x/bank/types"
	_ "github.com/cosmos/cosmos-sdk/x/consensus"
	consensustypes "github.com/cosmos/cosmos-sdk/x/consensus/types"
	_ "github.com/cosmos/cosmos-sdk/x/distribution"
	distrtypes "github.com/cosmos/cosmos-sdk/x/distribution/types"
	"github.com/cosmos/cosmos-sdk/x/genutil"
	genutiltypes "github.com/cosmos/cosmos-sdk/x/genutil/types"
	_ "github.com/cosmos/cosmos-sdk/x/gov"
	govtypes "github.com/cosmos/cosmos-sdk/x/gov/types"
	_ "github.com/cosmos/cosmos-sdk/x/slashing" // liveness: missed blocks, jailing; the app's watch reads its signing info
	slashingtypes "github.com/cosmos/cosmos-sdk/x/slashing/types"
	_ "github.com/cosmos/cosmos-sdk/x/staking"
	stakingtypes "github.com/cosmos/cosmos-sdk/x/staking/types"
)

// Bech32Prefix is the account address prefix of the devnet.
const Bech32Prefix = "cosmos"

// MinGasPrices is the default minimum gas price of a node (devnet/lib/layout.ts keeps the same value).
const MinGasPrices = "0.0025ucomet"

var moduleAccPerms = []*authmodulev1.ModuleAccountPermission{
	{Account: authtypes.FeeCollectorName},
	{Account: distrtypes.ModuleName},
	{Account: stakingtypes.BondedPoolName, Permissions: []string{authtypes.Burner, stakingtypes.ModuleName}},
	{Account: stakingtypes.NotBondedPoolName, Permissions: []string{authtypes.Burner, stakingtypes.ModuleName}},
	{Account: govtypes.ModuleName, Permissions: []string{authtypes.Burner}},
}

// blockedAccounts may not receive funds through bank sends.
var blockedAccounts = []string{
	authtypes.FeeCollectorName,
	distrtypes.ModuleName,
	stakingtypes.BondedPoolName,
	stakingtypes.NotBondedPoolName,
	govtypes.ModuleName,
}

// AppConfig is the depinject configuration of the chain.
func AppConfig() depinject.Config {
	return depinject.Configs(appconfig.Compose(&appv1alpha1.Config{
		Modules: []*appv1alpha1.ModuleConfig{
			{
				Name: "runtime",
				Config: appconfig.WrapAny(&runtimev1alpha1.Module{
					AppName:       "simd",
					PreBlockers:   []string{upgradetypes.ModuleName, authtypes.ModuleName},
					BeginBlockers: []string{distrtypes.ModuleName, slashingtypes.ModuleName, stakingtypes.ModuleName},
					// SDK 0.54: bank has an EndBlock of its own and must come first.
					EndBlockers: []string{banktypes.ModuleName, govtypes.ModuleName, stakingtypes.ModuleName},
					InitGenesis: []string{
						authtypes.ModuleName, banktypes.ModuleName, distrtypes.ModuleName,
						stakingtypes.ModuleName, slashingtypes.ModuleName, govtypes.ModuleName, genutiltypes.ModuleName, consensustypes.ModuleName,
						upgradetypes.ModuleName,
					},
					OverrideStoreKeys: []*runtimev1alpha1.StoreKeyConfig{
						{ModuleName: authtypes.ModuleName, KvStoreKey: "acc"},
					},
				}),
			},
			{
				Name: authtypes.ModuleName,
				Config: appconfig.WrapAny(&authmodulev1.Module{
					Bech32Prefix:             Bech32Prefix,
					ModuleAccountPermissions: moduleAccPerms,
				}),
			},
			{
				Name:   banktypes.ModuleName,
				Config: appconfig.WrapAny(&bankmodulev1.Module{BlockedModuleAccountsOverride: blockedAccounts}),
			},
			{
				Name: stakingtypes.ModuleName,
				Config: appconfig.WrapAny(&stakingmodulev1.Module{
					Bech32PrefixValidator: Bech32Prefix + "valoper",
					Bech32PrefixConsensus: Bech32Prefix + "valcons",
				}),
			},
			{Name: distrtypes.ModuleName, Config: appconfig.WrapAny(&distrmodulev1.Module{})},
			{Name: slashingtypes.ModuleName, Config: appconfig.WrapAny(&slashingmodulev1.Module{})},
			{Name: govtypes.ModuleName, Config: appconfig.WrapAny(&govmodulev1.Module{})},
			{Name: upgradetypes.ModuleName, Config: appconfig.WrapAny(&upgrademodulev1.Module{})},
			{Name: consensustypes.ModuleName, Config: appconfig.WrapAny(&consensusmodulev1.Module{})},
			{Name: genutiltypes.ModuleName, Config: appconfig.WrapAny(&genutilmodulev1.Module{})},
			{Name: "tx", Config: appconfig.WrapAny(&txconfigv1.Config{})},
		},
	}),
		// The genesis CLI commands need genutil's own AppModuleBasic, not the generic adaptor.
		depinject.Supply(map[string]module.AppModuleBasic{
			genutiltypes.ModuleName: genutil.NewAppModuleBasic(genutiltypes.DefaultMessageValidator),
		}),
	)
}
