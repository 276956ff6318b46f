package app

import (
	"time"

	"cosmossdk.io/core/comet"

	sdk "github.com/cosmos/cosmos-sdk/types"
	slashingkeeper "github.com/cosmos/cosmos-sdk/x/slashing/keeper"
	stakingkeeper "github.com/cosmos/cosmos-sdk/x/staking/keeper"
	stakingtypes "github.com/cosmos/cosmos-sdk/x/staking/types"
)

// doubleSignJailEnd is the jail end of a tombstoned validator: the end of time, as x/evidence sets it.
var doubleSignJailEnd = time.Unix(253402300799, 0)

// withEquivocation runs before the modules' begin-blockers and handles the misbehaviour CometBFT
// put in the block (DuplicateVoteEvidence, LightClientAttackEvidence) as the SDK's x/evidence
// does (x/evidence/keeper/infraction.go): the validator is slashed by slashing's
// slash_fraction_double_sign, jailed for good and tombstoned. x/evidence itself is a Go module
// the proxy this project builds through does not serve, so its handler is repeated here; it keeps
// no evidence store of its own (the blocks are the record).
func withEquivocation(next func(sdk.Context) (sdk.BeginBlock, error), staking *stakingkeeper.Keeper, slashing slashingkeeper.Keeper) func(sdk.Context) (sdk.BeginBlock, error) {
	return func(ctx sdk.Context) (sdk.BeginBlock, error) {
		list := ctx.CometInfo().GetEvidence()
		for i := 0; i < list.Len(); i++ {
			ev := list.Get(i)
			if ev.Type() != comet.DuplicateVote && ev.Type() != comet.LightClientAttack {
				continue
			}
			if err := handleEquivocation(ctx, staking, slashing, ev); err != nil {
				return sdk.BeginBlock{}, err
			}
		}
		return next(ctx)
	}
}

func handleEquivocation(ctx sdk.Context, staking *stakingkeeper.Keeper, slashing slashingkeeper.Keeper, ev comet.Evidence) error {
	consAddr := sdk.ConsAddress(ev.Validator().Address())
	validator, err := staking.ValidatorByConsAddr(ctx, consAddr)
	if err != nil || validator == nil || validator.IsUnbonded() {
		// Unknown or unbonded at this point: nothing is at stake, as x/evidence decides.
		return nil //nolint:nilerr
	}
	if _, err := slashing.GetPubkey(ctx, consAddr.Bytes()); err != nil {
		return nil //nolint:nilerr
	}
	age := ctx.HeaderInfo().Time.Sub(ev.Time())
	blocks := ctx.HeaderInfo().Height - ev.Height()
	if cp := ctx.ConsensusParams(); cp.Evidence != nil && age > cp.Evidence.MaxAgeDuration && blocks > cp.Evidence.MaxAgeNumBlocks {
		return nil
	}
	if !slashing.HasValidatorSigningInfo(ctx, consAddr) || slashing.IsTombstoned(ctx, consAddr) {
		return nil
	}
	fraction, err := slashing.SlashFractionDoubleSign(ctx)
	if err != nil {
		return err
	}
	if err := slashing.SlashWithInfractionReason(ctx, consAddr, fraction, ev.Validator().Power(), ev.Height()-sdk.ValidatorUpdateDelay, stakingtypes.Infraction_INFRACTION_DOUBLE_SIGN); err != nil {
		return err
	}
	if !validator.IsJailed() {
		if err := slashing.Jail(ctx, consAddr); err != nil {
			return err
		}
	}
	if err := slashing.JailUntil(ctx, consAddr, doubleSignJailEnd); err != nil {
		return err
	}
	ctx.Logger().Info("tombstoned a validator for double signing", "validator", consAddr.String(), "infraction_height", ev.Height())
	return slashing.Tombstone(ctx, consAddr)
}
