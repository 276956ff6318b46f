// Part of the sdk50 devnet variant (Cosmos SDK v0.50, CometBFT v0.38): the same chain as
// devnet/chains/sdk53, built on the older SDK. See devnet/README.md, "Variants".

// Command simd runs the Cometdesk devnet chain.
package main

import (
	"fmt"
	"os"

	svrcmd "github.com/cosmos/cosmos-sdk/server/cmd"

	"cometdesk.dev/devnet/chains/sdk50/app"
)

func main() {
	rootCmd := newRootCmd()
	if err := svrcmd.Execute(rootCmd, "", app.DefaultNodeHome); err != nil {
		fmt.Fprintln(rootCmd.OutOrStderr(), err)
		os.Exit(1)
	}
}
