// Command simd runs the Cometdesk devnet's Cosmos SDK v0.47 chain.
package main

import (
	"fmt"
	"os"

	svrcmd "github.com/cosmos/cosmos-sdk/server/cmd"

	"cometdesk.dev/devnet/chains/sdk47/app"
)

func main() {
	rootCmd := newRootCmd()
	if err := svrcmd.Execute(rootCmd, "", app.DefaultNodeHome); err != nil {
		fmt.Fprintln(rootCmd.OutOrStderr(), err)
		os.Exit(1)
	}
}
