package main

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"github.com/spf13/cobra"

	"puzzlejudge/web/wire"
)

// teamsJSON is the API's answer of GET /contests/{id}/teams (wire.Teams).
type teamsJSON = wire.Teams

func (a *app) contestTeamsCommand() *cobra.Command {
	var file string
	cmd := &cobra.Command{
		Use:   "teams ID [--import FILE.csv]",
		Short: "List a contest's teams, or import them from CSV (instructors)",
		Long: `List a contest's teams: name, organization, groups ("hidden" for a group kept
off the public board) and members (the jury reads everyone's, a contestant their
own team's). --import reads teams from a CSV file ("-": stdin) whose header names
its columns: name, members (usernames separated by spaces, commas or
semicolons), organization, groups (separated by semicolons). A team of the file
replaces the contest's team of that name; the others stay.`,
		Example: "  pj contest teams 3 --import teams.csv",
		Args:    exactArgs("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			var t teamsJSON
			var resp *response
			if file != "" {
				data, err := a.readArg(file)
				if err != nil {
					return err
				}
				if resp, err = c.do(a.ctx, http.MethodPost, contestPath(args[0])+"/teams/import", bytes.NewReader(data), "text/csv", nil); err == nil {
					err = resp.decode(&t)
				}
				if err != nil {
					return err
				}
			} else if resp, err = c.getJSON(a.ctx, contestPath(args[0])+"/teams", &t); err != nil {
				return err
			}
			if a.jsonOut {
				return a.printBody(resp.Body)
			}
			formal := map[string]string{}
			for _, o := range t.Organizations {
				formal[o.Name] = o.FormalName
				if o.Country != nil {
					formal[o.Name] += " (" + *o.Country + ")"
				}
			}
			return printTable(a, "TEAM\tORGANIZATION\tGROUPS\tMEMBERS", t.Teams, func(tm wire.Team) string {
				org := "-"
				if tm.Organization != nil {
					org = *tm.Organization
					if f := formal[org]; f != "" {
						org += ": " + f
					}
				}
				groups := strings.Join(tm.Groups, ";")
				if tm.Hidden {
					groups += " (hidden)"
				}
				if groups == "" {
					groups = "-"
				}
				members := strings.Join(tm.Members, " ")
				if members == "" {
					members = "-"
				}
				return fmt.Sprintf("%s\t%s\t%s\t%s", tm.Name, org, groups, members)
			})
		},
	}
	cmd.Flags().StringVar(&file, "import", "", "a CSV file of teams to add or replace (- for stdin)")
	return cmd
}
