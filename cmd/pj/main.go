// Command pj is the puzzlejudge command-line client for students,
// instructors and CI jobs: it lists problems, downloads their input, submits
// answers and move sequences, waits for verdicts and checks boards, all
// through the JSON API under /api/v1.
//
// Exit status: 0 accepted (or the command did what it was asked), 1 judged
// and not accepted, 2 a usage or input error, 3 a server or network error.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// Exit statuses, the contract with shell scripts and CI jobs.
const (
	exitOK       = 0 // accepted, or done
	exitRejected = 1 // judged, and not accepted
	exitUsage    = 2 // bad arguments or input (a file, a board, a refused request)
	exitServer   = 3 // the server failed or could not be reached
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// run executes one pj command and returns its exit status. Everything it
// touches comes in as an argument (the config directory comes from
// os.UserConfigDir, which tests point at a temporary directory), so tests
// call it directly.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, env func(string) string) int {
	a := &app{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr, env: env}
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	code := exitCode(err)
	var rej *rejectedError
	if !errors.As(err, &rej) {
		// A rejection has already been shown as a verdict; anything else is
		// said once, here.
		fmt.Fprintf(stderr, "pj: %v\n", err)
	}
	if code == exitUsage && !isInputError(err) {
		fmt.Fprintln(stderr, "Run 'pj --help' or 'pj COMMAND --help' for usage.")
	}
	return code
}

// app holds what every command needs: the process's streams and
// environment, and the global flags.
type app struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	env    func(string) string

	server  string // --server
	jsonOut bool   // --json
	contest int64  // pj submit --contest
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "pj",
		Short: "pj is the puzzlejudge client: problems, input, submissions and verdicts from the shell",
		Long: `pj talks to a puzzlejudge server through its JSON API.

Log in once with 'pj login URL USERNAME' (the token is kept in pj/config.json
under your config directory), or set PJ_SERVER and PJ_TOKEN (CI jobs).

Exit status: 0 accepted, 1 judged and not accepted, 2 usage or input error,
3 server or network error.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// A bare "pj" prints the help; unknown commands are usage errors.
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	root.PersistentFlags().StringVar(&a.server, "server", "", "server URL (default: PJ_SERVER, then the server of 'pj login')")
	root.PersistentFlags().BoolVar(&a.jsonOut, "json", false, "print the API's JSON instead of short lines")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErrorf("%v", err) })
	root.AddCommand(
		a.loginCommand(), a.logoutCommand(), a.tokenCommand(),
		a.problemsCommand(), a.showCommand(), a.inputCommand(),
		a.submitCommand(), a.movesCommand(), a.checkCommand(), a.runCommand(), a.languagesCommand(),
		a.statusCommand(), a.submissionsCommand(),
		a.casesCommand(), a.gradesCommand(), a.contestCommand(), a.assignmentCommand(),
		a.similarityCommand(),
	)
	root.CompletionOptions.DisableDefaultCmd = true
	return root
}

// usageError is a mistake in the command line or in a local file: exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// idArg reads the argument arg as a positive id; anything else is the
// usage error format says of it (format takes arg).
func idArg(arg, format string) (int64, error) {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil || id <= 0 {
		return 0, usageErrorf(format, arg)
	}
	return id, nil
}

// idAndClient reads the id argument (idArg), then makes the client that
// asks about it: pj status and pj similarity show refuse a bad id before
// they look for a login.
func (a *app) idAndClient(arg, format string) (int64, *client, error) {
	id, err := idArg(arg, format)
	if err != nil {
		return 0, nil, err
	}
	c, err := a.client()
	return id, c, err
}

// isInputError reports whether err is about a file or a refused request
// rather than the command line, so that no usage hint follows it.
func isInputError(err error) bool {
	var (
		ie *inputError
		ae *apiError
	)
	return errors.As(err, &ie) || errors.As(err, &ae)
}

// inputError is a local file that cannot be read: exit 2, with no hint at
// the usage (the command line was right).
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

// rejectedError says that a submission was judged and not accepted; its
// verdict has been printed already.
type rejectedError struct{ verdict string }

func (e *rejectedError) Error() string { return "verdict " + e.verdict }

// exitCode maps an error to the exit status of the contract.
func exitCode(err error) int {
	var (
		rej *rejectedError
		ae  *apiError
		ne  *networkError
	)
	switch {
	case errors.As(err, &rej):
		return exitRejected
	case errors.As(err, &ae):
		return ae.exitCode()
	case errors.As(err, &ne), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return exitServer
	default:
		// Cobra's own errors (unknown command or flag, wrong number of
		// arguments) and unreadable files: the caller's to fix.
		return exitUsage
	}
}

// exactArgs is cobra.ExactArgs with a usage error that names the arguments.
func exactArgs(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != len(names) {
			return usageErrorf("%s takes %d argument(s), %s; got %d", cmd.CommandPath(), len(names), strings.Join(names, " "), len(args))
		}
		return nil
	}
}
