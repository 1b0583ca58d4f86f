package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// commandFlags is the flag set of a judged command (the server, backup):
// errors and the usage on stderr, and the -config flag they all have.
type commandFlags struct {
	*flag.FlagSet
	config *string
}

func newCommandFlags(name, configUsage, usage string, stderr io.Writer) commandFlags {
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	flags.SetOutput(stderr)
	f := commandFlags{FlagSet: flags, config: flags.String("config", "config.yaml", configUsage)}
	flags.Usage = func() {
		fmt.Fprint(stderr, usage)
		flags.PrintDefaults()
	}
	return f
}

// parse reads args; when they end the command (-help, or a bad flag) it
// returns false and the exit code: 0 for -help, 2 for bad usage.
func (f commandFlags) parse(args []string) (int, bool) {
	if err := f.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

// loadConfig loads the configuration that -config names; the default file
// may be missing (built-in defaults), a file named explicitly may not.
func (f commandFlags) loadConfig(getenv func(string) string) (Config, error) {
	explicit := false
	f.Visit(func(fl *flag.Flag) { explicit = explicit || fl.Name == "config" })
	return loadConfig(*f.config, !explicit, getenv)
}
