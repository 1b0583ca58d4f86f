package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"sort"

	"github.com/spf13/cobra"
)

// pj contest export and import: a contest as an ICPC Contest Package
// (docs/CONTEST_API.md, "Contest packages").

func (a *app) contestExportCommand() *cobra.Command {
	var out string
	cmd := command("export ID -o FILE.zip", "Download a contest as an ICPC Contest Package (instructors)", exactArgs("ID"), func(args []string) error {
		if out == "" {
			return usageErrorf("pj contest export needs -o FILE.zip (or -o - for standard output)")
		}
		c, err := a.client()
		if err != nil {
			return err
		}
		resp, err := c.do(a.ctx, http.MethodGet, contestPath(args[0])+"/package", nil, "", nil)
		if err != nil {
			return err
		}
		return a.writeOutput(out, resp.Body)
	})
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the package to FILE (- for standard output)")
	return cmd
}

// importedJSON is the answer of POST /contests/import as pj reads it.
type importedJSON struct {
	Contest  contestJSON `json:"contest"`
	Problems []string    `json:"problems_created"`
	Accounts []struct {
		Username string `json:"username"`
		Password string `json:"password"`
	} `json:"accounts_created"`
	Submissions    int            `json:"submissions"`
	Clarifications int            `json:"clarifications"`
	Skipped        map[string]int `json:"skipped"`
}

func (a *app) contestImportCommand() *cobra.Command {
	var published bool
	cmd := command("import FILE.zip", "Set a contest up from an ICPC Contest Package (instructors)", exactArgs("FILE"), func(args []string) error {
		data, err := os.ReadFile(args[0])
		if err != nil {
			return &inputError{err}
		}
		c, err := a.client()
		if err != nil {
			return err
		}
		path := "/contests/import"
		if published {
			path += "?published=true"
		}
		resp, err := c.do(a.ctx, http.MethodPost, path, bytes.NewReader(data), "application/zip", nil)
		if err != nil {
			return err
		}
		if a.jsonOut {
			return a.printBody(resp.Body)
		}
		var out importedJSON
		if err := resp.decode(&out); err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "contest %d (%s): %d problems, %d submissions, %d clarifications\n", out.Contest.ID, out.Contest.Title,
			len(out.Contest.Problems), out.Submissions, out.Clarifications)
		for _, p := range out.Problems {
			state := "a draft"
			if published {
				state = "published"
			}
			fmt.Fprintf(a.stdout, "problem %s made from its package (%s)\n", p, state)
		}
		if len(out.Accounts) > 0 {
			w := a.table()
			fmt.Fprintln(w, "ACCOUNT MADE\tPASSWORD")
			for _, acc := range out.Accounts {
				pw := acc.Password
				if pw == "" {
					pw = "(the package's)"
				}
				fmt.Fprintf(w, "%s\t%s\n", acc.Username, pw)
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		keys := make([]string, 0, len(out.Skipped))
		for k := range out.Skipped {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(a.stdout, "skipped: %d %s\n", out.Skipped[k], k)
		}
		return nil
	})
	cmd.Flags().BoolVar(&published, "published", false, "publish the problems made from the package (otherwise drafts)")
	return cmd
}
