package api

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestCCSSubmissionFilesDated: a submission's files.zip holds its text under
// the date it was submitted, not a zero date (unzip -l: 1980-00-00).
func TestCCSSubmissionFilesDated(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice := e.student("alice")
	e.waitReady()
	c := e.contest("Weekly 1", time.Hour, 5*time.Hour, 0, judge.ScoringICPC, nil)
	id := e.contestSubmit(t, alice, c, 0, true)
	sub, err := e.db.Submission(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, who := range []struct{ name, token string }{{"author", alice}, {"jury", e.admin}} {
		body := e.ccsGet(t, "/contests/"+itoa64(c.ID)+"/submissions/"+itoa64(id)+"/files", who.token, 200)
		zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
		if err != nil || len(zr.File) != 1 {
			t.Fatalf("%s: files.zip = %v, %d entries; want one", who.name, err, len(zr.File))
		}
		f := zr.File[0]
		if got, want := f.Modified.UTC(), sub.CreatedAt.UTC(); got.Sub(want).Abs() > 2*time.Second {
			t.Errorf("%s: %s is dated %v, want when it was submitted, %v", who.name, f.Name, got, want)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		text, _ := io.ReadAll(rc)
		rc.Close()
		if string(text) != sub.Payload && sub.Payload != "" {
			t.Errorf("%s: %s holds %q, want the submission's text", who.name, f.Name, text)
		}
	}
}
