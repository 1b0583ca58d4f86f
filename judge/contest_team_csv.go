package judge

import (
	"encoding/csv"
	"errors"
	"io"
	"strings"
)

// MaxTeamsCSV bounds a teams file, in bytes.
const MaxTeamsCSV = 4 << 20

// ParseTeamsCSV reads teams from CSV: a header naming the columns (name,
// members, organization, groups; any order and case, the last two
// optional), then one team a row. Members are usernames separated by
// spaces, commas or semicolons; groups are separated by semicolons or
// commas (a group's name may hold spaces). Errors name the line and the
// column (the first of the cell at fault, counted in bytes from 1).
func ParseTeamsCSV(r io.Reader) ([]TeamSpec, error) {
	cr := csv.NewReader(io.LimitReader(r, MaxTeamsCSV+1))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, Errort(EINVALID, "teams_csv_header", "teams CSV: the first line names the columns: name, members, organization, groups")
	}
	if err != nil {
		return nil, teamsCSVError(err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))] = i
	}
	_, hasName := col["name"]
	_, hasMembers := col["members"]
	if !hasName || !hasMembers {
		return nil, Errort(EINVALID, "teams_csv_header", "teams CSV: the first line names the columns: name, members, organization, groups")
	}
	cell := func(rec []string, name string) string {
		if i, ok := col[name]; ok && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	var out []TeamSpec
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, teamsCSVError(err)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		t := TeamSpec{Name: cell(rec, "name"), Organization: cell(rec, "organization"),
			Members: strings.FieldsFunc(cell(rec, "members"), func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' })}
		for _, g := range strings.FieldsFunc(cell(rec, "groups"), func(r rune) bool { return r == ';' || r == ',' }) {
			if g = strings.TrimSpace(g); g != "" {
				t.Groups = append(t.Groups, g)
			}
		}
		if t.Name == "" {
			line, column := cr.FieldPos(0) // the name cell, or the row's first when it has none
			if i := col["name"]; i < len(rec) {
				line, column = cr.FieldPos(i)
			}
			return nil, Errort(EINVALID, "teams_csv_name", "teams CSV: line {Line}, column {Column}: a team needs a name", "Line", line, "Column", column)
		}
		out = append(out, t)
		if len(out) > MaxContestTeams {
			return nil, Errort(EINVALID, "contest_too_many_teams", "teams: at most {Max}", "Max", MaxContestTeams)
		}
	}
	return out, nil
}

func teamsCSVError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return Errort(EINVALID, "teams_csv_parse", "teams CSV: line {Line}, column {Column}: {Text}", "Line", pe.Line, "Column", pe.Column, "Text", pe.Err.Error())
	}
	return Errorf(EINVALID, "teams CSV: %v", err)
}
