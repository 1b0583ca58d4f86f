package contestpkg_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

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
		// yaml.v3 names no line for this one.
		{"two keys on the first line", "contest.yaml", "name: a: b\n", 1, 7, "mapping value"},
		// Past what goccy's parser is given (its time grows with the
		// square of the nesting): yaml.v3's line, at its first
		// character.
		{"a deep and long file", "contest.yaml", "name: x\nformal_name: " + deepFlow(300000), 2, 1, "max depth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := contestpkg.Read(foreign(t, tc.file, tc.text))
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("Read took %v", d)
			}
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

// deepFlow is n open brackets, each followed by up to two spaces, at
// random: a file that does not compress enough to look like a zip bomb.
func deepFlow(n int) string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range n {
		b.WriteString("["[:1] + "  "[:r.IntN(3)])
	}
	return b.String()
}

// TestNamedObjectsNeedIDAndName: an organization or a group without an id
// or a name is refused, in the file's words, since teams name them by id
// and the contest keeps them by name.
func TestNamedObjectsNeedIDAndName(t *testing.T) {
	for _, tc := range []struct {
		name, file, text, msg string
	}{
		{"an organization without a name", "organizations.json", `[{"id": "kth.se", "name": ""}]`,
			`organization "kth.se": an organization needs an id and a name`},
		{"an organization without an id", "organizations.json", `[{"name": "KTH"}]`,
			`organization "": an organization needs an id and a name`},
		{"a group without a name", "groups.json", `[{"id": "ug"}]`,
			`group "ug": a group needs an id and a name`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := contestpkg.Read(foreign(t, tc.file, tc.text))
			var pe *contestpkg.Error
			if !errors.As(err, &pe) {
				t.Fatalf("Read = %v, want a *contestpkg.Error", err)
			}
			if pe.File != tc.file || pe.Msg != tc.msg {
				t.Errorf("error in %s: %q, want in %s: %q", pe.File, pe.Msg, tc.file, tc.msg)
			}
		})
	}
}
