package judge_test

import (
	"bytes"
	"encoding/csv"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// lmsGradebook is the gradebook behind the fixtures of docs/COURSES.md.
func lmsGradebook() judge.Gradebook {
	a := judge.Assignment{ID: 7, Title: "Week 1", Problems: []judge.AssignmentProblem{{Slug: "floodit", Weight: 1}, {Slug: "rotation", Weight: 2}}}
	row := func(name string, s1, s2 float64) judge.StudentGrade {
		pgs := []judge.ProblemGrade{{Slug: "floodit", Score: s1}, {Slug: "rotation", Score: s2}}
		return judge.StudentGrade{User: judge.User{Username: name}, Problems: pgs, Total: judge.Round2((s1 + 2*s2) / 3)}
	}
	return judge.Gradebook{Assignment: a, Rows: []judge.StudentGrade{row("ada", 100, 50), row("-1-1", 0, 100), row("idle", 0, 0)}}
}

func readCSV(t *testing.T, data []byte) [][]string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestGradesCSVMoodle checks the export against testdata/moodle-import.csv,
// the file docs/COURSES.md imports into Moodle as it is: a "username"
// column to identify users by, and one column of 0..100 per grade item.
func TestGradesCSVMoodle(t *testing.T) {
	var buf bytes.Buffer
	if err := judge.WriteGradesCSV(&buf, lmsGradebook()); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/moodle-import.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatalf("export =\n%q\nwant testdata/moodle-import.csv\n%q", buf.Bytes(), want)
	}
	recs := readCSV(t, want)
	if recs[0][0] != "username" {
		t.Errorf("the first column is %q; Moodle's import maps users from a username column", recs[0][0])
	}
	for _, rec := range recs[1:] {
		for _, cell := range rec[1:] {
			if x, err := strconv.ParseFloat(cell, 64); err != nil || x < 0 || x > 100 {
				t.Errorf("grade cell %q is not a number from 0 to 100 (Moodle's default maximum grade)", cell)
			}
		}
	}
}

// TestGradesCSVCanvas checks testdata/canvas-import.csv, the file a Canvas
// user makes from the export as docs/COURSES.md says (username becomes SIS
// Login ID, total becomes the assignment's column, the columns Canvas asks
// for are added), against the export itself.
func TestGradesCSVCanvas(t *testing.T) {
	var buf bytes.Buffer
	if err := judge.WriteGradesCSV(&buf, lmsGradebook()); err != nil {
		t.Fatal(err)
	}
	exported := readCSV(t, buf.Bytes())
	canvas := readCSV(t, mustRead(t, "testdata/canvas-import.csv"))
	head := canvas[0]
	for _, col := range []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"} {
		if !slices.Contains(head, col) {
			t.Errorf("canvas fixture lacks the column %q", col)
		}
	}
	login, grade := slices.Index(head, "SIS Login ID"), slices.Index(head, "Week 1 (1234)")
	total := slices.Index(exported[0], "total")
	if len(canvas) != len(exported) {
		t.Fatalf("canvas fixture has %d rows, the export %d", len(canvas), len(exported))
	}
	for i, rec := range exported[1:] {
		// A spreadsheet drops the apostrophe that defuses a formula.
		user := strings.TrimPrefix(rec[0], "'")
		if got := canvas[i+1]; got[login] != user || got[grade] != rec[total] {
			t.Errorf("canvas row %d = %q, want login %q and grade %q", i+1, got, user, rec[total])
		}
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
