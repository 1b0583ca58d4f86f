package contestpkg_test

import (
	"errors"
	"strings"
	"testing"

	"puzzlejudge/judge/ccs/contestpkg"
)

// TestYAMLErrorsHaveLineAndColumn: a YAML file that does not read names
// the line and the column of the fault, as every parser of this server
// does (a syntax error used to name a line only, not always the right one,
// and a value of the wrong type its line only).
func TestYAMLErrorsHaveLineAndColumn(t *testing.T) {
	for _, tc := range []struct {
		name, file, text string
		line, column     int
		msg              string
	}{
		// The parser places a colon it cannot take at the scalar before
		// it: "5 bad", which the indented line continues.
		{"a key too deep", "contest.yaml", "name: x\nduration: 5\n  bad: y\n", 2, 11, "mapping value"},
		{"two keys on a line", "contest.yaml", "name: x\nduration: a: b\n", 2, 11, "mapping value"},
		{"an open list", "contest.yaml", "name: [a, b\nduration: '5:00:00'\n", 2, 1, "']'"},
		{"an open string", "contest.yaml", "name: x\nformal_name: \"Weekly\nduration: 1\n", 2, 14, "double-quoted"},
		{"a tab", "contest.yaml", "name: x\n\tduration: 1\n", 2, 1, "'\t'"},
		{"a list for a string", "contest.yaml", "start_time: 2026-01-10T09:00:00Z\nname: [a, b]\n", 2, 7, "cannot unmarshal !!seq into string"},
		{"a word for a number", "problems.yaml", "- id: flood\n  label: A\n  ordinal: first\n", 3, 12, "`first`"},
		{"a map for an id", "accounts.yaml", "- id: a1\n  type: team\n  team_id: {x: 1}\n", 3, 12, "an id must be"},
		{"a key twice", "contest.yaml", "name: x\nduration: '5:00:00'\nname: y\n", 3, 1, "already defined"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := contestpkg.Read(foreign(t, tc.file, tc.text))
			var pe *contestpkg.Error
			if !errors.As(err, &pe) {
				t.Fatalf("Read = %v, want a *contestpkg.Error", err)
			}
			if pe.File != tc.file || pe.Line != tc.line || pe.Column != tc.column || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("error %q (file %s, line %d, column %d), want %s:%d:%d and a message with %q", pe.Error(), pe.File, pe.Line, pe.Column, tc.file, tc.line, tc.column, tc.msg)
			}
		})
	}
}
