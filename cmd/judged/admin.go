package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// runAdmin runs "judged admin ...": operations for whoever runs the server
// and has no account to use, such as the operator who lost the admin
// password printed at the first start.
//
//	judged admin reset-password USERNAME
//
// sets a new random password, prints it on stdout and ends every session of
// the account. It opens the database of the configuration, as the server
// would, and may run beside a server on the same database.
func runAdmin(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) int {
	usage := func() int {
		fmt.Fprintf(stderr, "usage: judged [-config path] admin reset-password USERNAME\n")
		return 2
	}
	if len(args) == 0 || args[0] != "reset-password" {
		return usage()
	}
	flags := flag.NewFlagSet("reset-password", flag.ContinueOnError)
	flags.SetOutput(stderr)
	if err := flags.Parse(args[1:]); err != nil || flags.NArg() != 1 {
		return usage()
	}
	username := flags.Arg(0)
	db, err := openStore(cfg.Database, nil)
	if err != nil {
		fmt.Fprintf(stderr, "judged: %v\n", err)
		return 1
	}
	defer db.Close()
	svc := service.NewService(db, service.Config{}, nil) // not started: no workers
	u, pw, err := svc.ResetPasswordByName(ctx, username, "")
	if err != nil {
		fmt.Fprintf(stderr, "judged: %s\n", judge.ErrorMessage(err))
		if judge.ErrorCode(err) == judge.EINTERNAL {
			fmt.Fprintf(stderr, "judged: %v\n", err)
		}
		return 1
	}
	fmt.Fprintf(stdout, "new password of %s (%s): %s\n", u.Username, u.Role, pw)
	if u.Disabled {
		fmt.Fprintf(stdout, "note: the account is disabled; an instructor can enable it again\n")
	}
	fmt.Fprintf(stdout, "every session of %s has ended\n", u.Username)
	return 0
}
