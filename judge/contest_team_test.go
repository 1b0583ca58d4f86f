package judge

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseTeamsCSV(t *testing.T) {
	file, err := os.ReadFile("testdata/teams.csv")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseTeamsCSV(strings.NewReader(string(file)))
	want := []TeamSpec{
		{Name: "Alpha", Members: []string{"ann", "amy", "abe"}, Organization: "University of A", Groups: []string{"undergraduate"}},
		{Name: "Beta, the second", Members: []string{"ben", "bea", "bob"}, Organization: "UB", Groups: []string{"undergraduate", "first-years"}},
		{Name: "Watchers", Members: []string{"oli"}, Groups: []string{"observers"}},
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseTeamsCSV(testdata/teams.csv) = %+v, %v, want %+v", got, err, want)
	}
	// Any order and case of the columns, organization and groups optional.
	got, err = ParseTeamsCSV(strings.NewReader("\ufeffMembers,NAME\r\nx y,X\r\n"))
	if err != nil || !reflect.DeepEqual(got, []TeamSpec{{Name: "X", Members: []string{"x", "y"}}}) {
		t.Errorf("columns in another order = %+v, %v", got, err)
	}
	for _, tc := range []struct{ name, in, id, place string }{
		{"empty", "", "teams_csv_header", ""},
		{"no members column", "name,organization\nA,U\n", "teams_csv_header", ""},
		{"a team without a name", "name,members\nA,ann\n,ann\n", "teams_csv_name", "line 3, column 1:"},
		{"a blank name in the second column", "members,name\nann,A\nann,  \n", "teams_csv_name", "line 3, column 7:"},
		{"a quote never closed", "name,members\n\"A,ann\n", "teams_csv_parse", "line 2, column 8:"},
		{"a bare quote", "name,members\nA,an\"n\n", "teams_csv_parse", "line 2, column 5:"},
	} {
		_, err := ParseTeamsCSV(strings.NewReader(tc.in))
		if ErrorCode(err) != EINVALID || ErrorID(err) != tc.id || !strings.Contains(ErrorMessage(err), tc.place) {
			t.Errorf("%s: ParseTeamsCSV = %v (id %q), want invalid %s at %q", tc.name, err, ErrorID(err), tc.id, tc.place)
		}
	}
}

func FuzzParseTeamsCSV(f *testing.F) {
	file, err := os.ReadFile("testdata/teams.csv")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(file))
	f.Add("name,members\n\"A\"\"\",\"b\nc\"\n")
	f.Fuzz(func(t *testing.T, s string) {
		teams, err := ParseTeamsCSV(strings.NewReader(s))
		if err != nil {
			if ErrorCode(err) != EINVALID {
				t.Fatalf("ParseTeamsCSV(%q): error %v is not invalid", s, err)
			}
			return
		}
		for _, tm := range teams {
			if strings.TrimSpace(tm.Name) == "" {
				t.Fatalf("ParseTeamsCSV(%q): a team without a name: %+v", s, tm)
			}
			for _, m := range tm.Members {
				if m == "" || strings.ContainsAny(m, " ,;\t") {
					t.Fatalf("ParseTeamsCSV(%q): member %q", s, m)
				}
			}
		}
	})
}

// TestComputeBoardTeams: submissions count for their authors' teams; the
// teams of a hidden group are on the jury's board only, ranked there and
// off the others' (whose ranks and first solves leave them out); a user in
// no team is a row of their own; InGroup keeps the whole board's ranks.
func TestComputeBoardTeams(t *testing.T) {
	c := Contest{ID: 1, StartTime: contestStart, Duration: 5 * time.Hour, Freeze: time.Hour, Scoring: ScoringICPC,
		Problems: []ContestProblem{{ProblemID: 11, Label: "A"}, {ProblemID: 12, Label: "B"}},
		Groups:   []ContestGroup{{ID: 1, Name: "observers", Hidden: true}, {ID: 2, Name: "undergraduate"}},
		Teams: []ContestTeam{
			{ID: 10, Name: "Alpha", Members: []string{"ann", "amy"}, Organization: "UA", Groups: []string{"undergraduate"}},
			{ID: 20, Name: "Beta", Members: []string{"ben"}, Groups: []string{"undergraduate"}},
			{ID: 30, Name: "Watchers", Members: []string{"oli"}, Groups: []string{"observers"}},
			{ID: 40, Name: "Idle", Members: []string{"ida"}},
		}}
	s := subs(t, c,
		"oli A 0:05:00 accepted",
		"ann A 0:10:00 wrong_answer",
		"amy A 0:20:00 accepted", // Alpha's second try: 20 + 20
		"ben A 0:30:00 accepted",
		"amy B 1:00:00 accepted",
		"zed A 0:50:00 accepted", // in no team
	)
	text := func(b Scoreboard) string {
		var rows []string
		for _, r := range b.Rows {
			first := ""
			if len(r.Problems) > 0 && r.Problems[0].First {
				first = "*"
			}
			rows = append(rows, fmt.Sprintf("%d %s/%d %d %d%s", r.Rank, r.Team, r.TeamID, r.Solved, r.Penalty, first))
		}
		return strings.Join(rows, ", ")
	}
	now := contestStart.Add(2 * time.Hour)
	jury := ComputeBoard(c, s, now, true)
	if got, want := text(jury), "1 Alpha/10 2 100, 2 Watchers/30 1 5*, 3 Beta/20 1 30, 4 zed/0 1 50, 5 Idle/40 0 0"; got != want {
		t.Errorf("the jury's board: %s\nwant %s", got, want)
	}
	public := ComputeBoard(c, s, now, false)
	if got, want := text(public), "1 Alpha/10 2 100*, 2 Beta/20 1 30, 3 zed/0 1 50, 4 Idle/40 0 0"; got != want {
		// Alpha is the first to solve A that the public sees.
		t.Errorf("the public's board: %s\nwant %s", got, want)
	}
	if got, want := text(public.InGroup("undergraduate")), "1 Alpha/10 2 100*, 2 Beta/20 1 30"; got != want {
		t.Errorf("the undergraduates: %s, want %s", got, want)
	}
	if r := jury.Rows[0]; r.Organization != "UA" || r.Key != 10 || jury.Rows[3].Key >= 0 {
		t.Errorf("rows = %+v", jury.Rows)
	}
}
