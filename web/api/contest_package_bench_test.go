package api

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/contesttest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs/contestpkg"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// BenchmarkContestPackage exports issue 25's contest (500 contestants, 10
// problems, 20,000 judged submissions) as a package and imports it into a
// fresh SQLite database, through the service and the web layer's package
// code, timing each part once per iteration:
//
//	export-ms: ExportContest and the zip (every file of the package)
//	read-ms:   contestpkg.Read of that zip
//	import-ms: ImportContest: 500 accounts, 10 problems, the contest and
//	           its 20,000 submissions in one transaction
//
// The imported contest's jury board must equal the original's (but for
// the teams' ids, which are each server's).
func BenchmarkContestPackage(b *testing.B) {
	ctx := context.Background()
	c := contesttest.New(b, contesttest.Issue25)
	want, err := c.Svc.Scoreboard(ctx, c.Jury, c.Contest.ID)
	if err != nil {
		b.Fatal(err)
	}
	var exportMs, readMs, importMs float64
	var size int
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		ex, err := c.Svc.ExportContest(ctx, c.Jury, c.Contest.ID)
		if err != nil {
			b.Fatal(err)
		}
		files, err := packageFiles(ex)
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		if err := contestpkg.Write(&buf, "1", files); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		imp, err := contestpkg.Read(buf.Bytes())
		if err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		db, err := store.OpenWith("sqlite", filepath.Join(b.TempDir(), "import.db"), nil, store.Options{Synchronous: "normal"})
		if err != nil {
			b.Fatal(err)
		}
		svc := service.NewService(db, service.Config{BcryptCost: 4}, nil)
		jury, err := svc.Register(ctx, "jury", "jury-password", judge.RoleInstructor)
		if err != nil {
			b.Fatal(err)
		}
		t3 := time.Now()
		done, err := svc.ImportContest(ctx, jury, imp)
		if err != nil {
			b.Fatal(err)
		}
		t4 := time.Now()
		got, err := svc.Scoreboard(ctx, jury, done.Contest.ID)
		if err != nil {
			b.Fatal(err)
		}
		wj, _ := json.Marshal(want)
		gj, _ := json.Marshal(got)
		if withoutTeamIDs(b, wj) != withoutTeamIDs(b, gj) || done.Submissions != len(c.Submissions) {
			b.Fatalf("the imported board differs (%d of %d submissions)", done.Submissions, len(c.Submissions))
		}
		db.Close()
		exportMs += float64(t1.Sub(t0).Milliseconds())
		readMs += float64(t2.Sub(t1).Milliseconds())
		importMs += float64(t4.Sub(t3).Milliseconds())
		size = buf.Len()
	}
	n := float64(b.N)
	b.ReportMetric(exportMs/n, "export-ms")
	b.ReportMetric(readMs/n, "read-ms")
	b.ReportMetric(importMs/n, "import-ms")
	b.ReportMetric(float64(size)/(1<<20), "package-MiB")
}
