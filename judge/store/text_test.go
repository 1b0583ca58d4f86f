package store

import (
	"context"
	"testing"

	"puzzlejudge/judge"
)

// testUnstorableText looks things up by text holding a NUL byte or bytes
// that are not UTF-8, as any client can send them in a path, a query or a
// JSON string (\u0000). PostgreSQL refuses such text in a query, and the
// refusal was an internal error (500) on public routes such as
// GET /api/v1/problems/a%00b and a login. Nothing has such a key: the
// lookups find nothing, as SQLite's do, without asking the database.
func testUnstorableText(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	aliceAndFlood(t, d)
	for _, bad := range []string{"a\x00b", "a\xffb"} {
		ok := func(what string, err error) {
			t.Helper()
			if c := code(err); c != judge.ENOTFOUND {
				t.Errorf("%s(%q) = %v, want not found", what, bad, err)
			}
		}
		_, err := d.ProblemBySlug(ctx, bad)
		ok("ProblemBySlug", err)
		_, _, err = d.UserByName(ctx, bad)
		ok("UserByName", err)
		_, _, _, err = d.MoveTarget(ctx, bad, 1)
		ok("MoveTarget", err)
		for _, f := range []judge.SubmissionFilter{{ProblemSlug: bad}, {Username: bad}, {Verdict: judge.Verdict(bad)}} {
			if subs, total, err := d.Submissions(ctx, f); err != nil || len(subs) != 0 || total != 0 {
				t.Errorf("Submissions(%+v) = %d (total %d), %v; want none", f, len(subs), total, err)
			}
		}
	}
}
