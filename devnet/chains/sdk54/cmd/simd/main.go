// Part of the sdk54 devnet variant (Cosmos SDK v0.54, CometBFT v0.39): the same chain as
// devnet/chains/sdk53, built on the newer SDK. See devnet/README.md, "Variants".

// Command simd runs the Cometdesk devnet chain.
package main

import (
	"fmt"
	"os"

	svrcmd "github.com/cosmos/cosmos-sdk/server/cmd"

	"cometdesk.dev/devnet/chains/sdk54/app"
)

func main() {
	rootCmd := newRootCmd()
	if err := svrcmd.Execute(rootCmd, "", app.DefaultNodeHome); err != nil {
		fmt.Fprintln(rootCmd.OutOrStderr(), err)
		os.Exit(1)
	}
}
