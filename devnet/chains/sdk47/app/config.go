// Package app assembles the devnet's Cosmos SDK v0.47 chain (CometBFT v0.37, the BeginBlock/EndBlock
// generation) from the SDK's reference modules with depinject: the same modules, denoms and accounts
// as the default devnet chain, wired the way v0.47 wires them. See devnet/README.md.
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

	"github.com/cosmos/cosmos-sdk/types/module"
	"github.com/cosmos/cosmos-sdk/x/auth"
	_ "github.com/cosmos/cosmos-sdk/x/auth/tx/config" // registers the tx config module
	authtypes "github.com/cosmos/cosmos-sdk/x/auth/types"
	"github.com/cosmos/cosmos-sdk/x/bank"
	banktypes "github.com/cosmos/cosmos-sdk/x/bank/types"
	"github.com/cosmos/cosmos-sdk/x/consensus"
	consensustypes "github.com/cosmos/cosmos-sdk/x/consensus/types"
	distr "github.com/cosmos/cosmos-sdk/x/distribution"
	distrtypes "github.com/cosmos/cosmos-sdk/x/distribution/types"
	"github.com/cosmos/cosmos-sdk/x/genutil"
	genutiltypes "github.com/cosmos/cosmos-sdk/x/genutil/types"
	"github.com/cosmos/cosmos-sdk/x/gov"
	govtypes "github.com/cosmos/cosmos-sdk/x/gov/types"
	"github.com/cosmos/cosmos-sdk/x/slashing" // liveness: missed blocks, jailing; the app's watch reads its signing info
	slashingtypes "github.com/cosmos/cosmos-sdk/x/slashing/types"
	"github.com/cosmos/cosmos-sdk/x/staking"
	stakingtypes "github.com/cosmos/cosmos-sdk/x/staking/types"
	"github.com/cosmos/cosmos-sdk/x/upgrade" // software upgrade plans; in v0.47 still part of the SDK module
	upgradetypes "github.com/cosmos/cosmos-sdk/x/upgrade/types"
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

// Every module of the chain. v0.47's module manager insists that each one is named in every
// ordering, even where it has no begin or end blocker.
var (
	beginBlockers = []string{
		upgradetypes.ModuleName, distrtypes.ModuleName, slashingtypes.ModuleName, stakingtypes.ModuleName,
		authtypes.ModuleName, banktypes.ModuleName, govtypes.ModuleName, genutiltypes.ModuleName, consensustypes.ModuleName,
	}
	endBlockers = []string{
		govtypes.ModuleName, stakingtypes.ModuleName,
		authtypes.ModuleName, banktypes.ModuleName, distrtypes.ModuleName, slashingtypes.ModuleName,
		genutiltypes.ModuleName, upgradetypes.ModuleName, consensustypes.ModuleName,
	}
	initGenesis = []string{
		authtypes.ModuleName, banktypes.ModuleName, distrtypes.ModuleName, stakingtypes.ModuleName,
		slashingtypes.ModuleName, govtypes.ModuleName, genutiltypes.ModuleName, upgradetypes.ModuleName, consensustypes.ModuleName,
	}
)

// ModuleBasics lists the modules for the command line (default genesis, gentx, validation). v0.47's
// depinject runtime does not provide a BasicManager, and the genesis commands need genutil's own
// AppModuleBasic with its gentx validator.
var ModuleBasics = module.NewBasicManager(
	auth.AppModuleBasic{},
	bank.AppModuleBasic{},
	staking.AppModuleBasic{},
	distr.AppModuleBasic{},
	slashing.AppModuleBasic{},
	gov.NewAppModuleBasic(nil),
	upgrade.AppModuleBasic{},
	consensus.AppModuleBasic{},
	genutil.NewAppModuleBasic(genutiltypes.DefaultMessageValidator),
)

// AppConfig is the depinject configuration of the chain.
func AppConfig() depinject.Config {
	return appconfig.Compose(&appv1alpha1.Config{
		Modules: []*appv1alpha1.ModuleConfig{
			{
				Name: "runtime",
				Config: appconfig.WrapAny(&runtimev1alpha1.Module{
					AppName:       "simd",
					BeginBlockers: beginBlockers,
					EndBlockers:   endBlockers,
					InitGenesis:   initGenesis,
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
			{Name: stakingtypes.ModuleName, Config: appconfig.WrapAny(&stakingmodulev1.Module{})},
			{Name: distrtypes.ModuleName, Config: appconfig.WrapAny(&distrmodulev1.Module{})},
			{Name: slashingtypes.ModuleName, Config: appconfig.WrapAny(&slashingmodulev1.Module{})},
			{Name: govtypes.ModuleName, Config: appconfig.WrapAny(&govmodulev1.Module{})},
			{Name: upgradetypes.ModuleName, Config: appconfig.WrapAny(&upgrademodulev1.Module{})},
			{Name: consensustypes.ModuleName, Config: appconfig.WrapAny(&consensusmodulev1.Module{})},
			{Name: genutiltypes.ModuleName, Config: appconfig.WrapAny(&genutilmodulev1.Module{})},
			{Name: "tx", Config: appconfig.WrapAny(&txconfigv1.Config{})},
		},
	})
}
