package judge_test

import (
	"bytes"
	"encoding/csv"
	"flag"
	"path/filepath"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func TestSafeCell(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"=cmd()", "'=cmd()"},
		{"+1", "'+1"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"ada", "ada"},
		{"a=b", "a=b"},
		{"", ""},
	} {
		if got := judge.SafeCell(tc.in); got != tc.want {
			t.Errorf("SafeCell(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWriteGradesCSV compares the export of a small gradebook with
// testdata/grades.csv, byte for byte (go test -run WriteGradesCSV -update
// rewrites it), and reads it back as RFC 4180.
func TestWriteGradesCSV(t *testing.T) {
	a := judge.Assignment{Problems: []judge.AssignmentProblem{{Slug: "floodit", Weight: 1}, {Slug: "rotation", Weight: 2}}}
	row := func(name string, s1, s2, total float64) judge.StudentGrade {
		return judge.StudentGrade{User: judge.User{Username: name}, Problems: []judge.ProblemGrade{{Score: s1}, {Score: s2}}, Total: total}
	}
	gb := judge.Gradebook{Assignment: a, Rows: []judge.StudentGrade{
		row("ada", 100, 50, 66.67),
		row("=cmd()", 0, 0, 0),
		row("-2+3", 12.5, 100.0/3, 26.39),
		row("idle", 0, 0, 0),
		row("Zoë,\"quoted\"", 100, 100, 100),
	}}
	var buf bytes.Buffer
	if err := judge.WriteGradesCSV(&buf, gb); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "grades.csv")
	if want := testutil.Golden(t, golden, buf.String(), *update, "-update"); buf.String() != want {
		t.Errorf("WriteGradesCSV =\n%s\nwant (%s)\n%s", buf.Bytes(), golden, want)
	}
	recs, err := csv.NewReader(bytes.NewReader(buf.Bytes())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if recs[0][0] != "username" || recs[0][3] != "total" || recs[2][0] != "'=cmd()" || recs[3][0] != "'-2+3" || recs[3][2] != "33.33" || recs[5][0] != "Zoë,\"quoted\"" {
		t.Errorf("read back: %q", recs)
	}
}
