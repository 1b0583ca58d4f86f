package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func (a *app) loginCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "login [URL] USERNAME",
		Short: "Log in and keep the API token in pj's config file",
		Long: `Log in to a puzzlejudge server and keep the token in pj/config.json under your
config directory (the file 0600, its folder 0700). The password is read from
PJ_PASSWORD, else from a prompt on a terminal, else from the first line of
standard input. URL defaults to --server, PJ_SERVER, then the last login's
server.`,
		Example: "  pj login http://judge.example.edu ada\n  PJ_PASSWORD=... pj login ada",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return usageErrorf("pj login takes [URL] USERNAME; got %d argument(s)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 2 {
				a.server = args[0]
			}
			return a.login(args[len(args)-1])
		},
	}
}

func (a *app) login(username string) error {
	server, _, err := a.endpoint()
	if err != nil {
		return err
	}
	password, err := a.password(username)
	if err != nil {
		return err
	}
	c := newClient(server, "")
	var tok tokenAnswer
	// The name shows in GET /tokens, so that a token left on a machine can
	// be told from the others and revoked.
	name := "pj"
	if host, err := os.Hostname(); err == nil && host != "" {
		name = "pj on " + host
	}
	_, err = c.sendJSON(a.ctx, http.MethodPost, "/tokens", map[string]string{"username": username, "password": password, "name": name}, &tok, nil)
	if err != nil {
		return err
	}
	if tok.Token == "" {
		return &networkError{fmt.Errorf("the server answered no token")}
	}
	path, err := saveConfig(config{Server: server, Username: tok.User.Username, Token: tok.Token})
	if err != nil {
		return err
	}
	if a.jsonOut {
		// The token is in the config file; printing it would put it in
		// a terminal's scrollback or a CI log.
		return a.printJSON(map[string]any{"server": server, "user": tok.User, "config": path})
	}
	fmt.Fprintf(a.stdout, "Logged in to %s as %s (%s); token saved in %s\n", server, tok.User.Username, tok.User.Role, path)
	return nil
}

// password reads the password: PJ_PASSWORD, a prompt without echo on a
// terminal, or the first line of a piped standard input.
func (a *app) password(username string) (string, error) {
	if pw := a.env("PJ_PASSWORD"); pw != "" {
		return pw, nil
	}
	if f, ok := a.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprintf(a.stderr, "Password for %s: ", username)
		pw, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(a.stderr)
		if err != nil {
			return "", &inputError{fmt.Errorf("reading the password: %v", err)}
		}
		return string(pw), nil
	}
	line, err := bufio.NewReader(a.stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", &inputError{fmt.Errorf("reading the password: %v", err)}
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", usageErrorf("no password: set PJ_PASSWORD or type it at the prompt")
	}
	return line, nil
}

func (a *app) logoutCommand() *cobra.Command {
	return command("logout", "Revoke the saved token on the server and delete pj's config file", exactArgs(), func(args []string) error {
		cfg, err := loadConfig()
		if err != nil {
			return err
		}
		if cfg.Token == "" {
			fmt.Fprintln(a.stdout, "Not logged in.")
			return nil
		}
		c := newClient(normalizeServer(cfg.Server), cfg.Token)
		_, rerr := c.do(a.ctx, http.MethodDelete, "/tokens", nil, "", nil)
		// The file goes even when the server cannot be reached: the
		// user asked to forget the token here.
		if err := removeConfig(); err != nil {
			return err
		}
		if ae, ok := rerr.(*apiError); ok && ae.Status == http.StatusUnauthorized {
			rerr = nil // revoked or expired already
		}
		if rerr != nil {
			return fmt.Errorf("token deleted here, but not revoked on %s: %w", cfg.Server, rerr)
		}
		fmt.Fprintf(a.stdout, "Logged out of %s\n", cfg.Server)
		return nil
	})
}

func (a *app) tokenCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "token",
		Short: "Print the token of the saved login, for a CI secret (PJ_TOKEN)",
		Long: `Print the token that 'pj login' saved, as 'gh auth token' does, to store it as
a CI job's secret PJ_TOKEN. Anyone holding it acts as you until 'pj logout'.`,
		Args: exactArgs(),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := loadConfig()
			if err != nil {
				return err
			}
			if cfg.Token == "" {
				return usageErrorf("not logged in: run 'pj login URL USERNAME' first")
			}
			fmt.Fprintln(a.stdout, cfg.Token)
			return nil
		},
	}
}
