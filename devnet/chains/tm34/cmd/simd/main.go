// Command simd runs the Cometdesk devnet's Tendermint 0.34 chain: Cosmos SDK v0.46, whose module
// still carries the SDK's own simapp (from v0.47 on simapp is a module of its own that the proxy
// does not serve), so this wrapper builds that simd as it is.
package main

import (
	"errors"
	"os"

	"github.com/cosmos/cosmos-sdk/server"
	svrcmd "github.com/cosmos/cosmos-sdk/server/cmd"
	"github.com/cosmos/cosmos-sdk/simapp"
	"github.com/cosmos/cosmos-sdk/simapp/simd/cmd"
)

func main() {
	rootCmd, _ := cmd.NewRootCmd()
	if err := svrcmd.Execute(rootCmd, "", simapp.DefaultNodeHome); err != nil {
		var code server.ErrorCode
		if errors.As(err, &code) {
			os.Exit(code.Code)
		}
		os.Exit(1)
	}
}
