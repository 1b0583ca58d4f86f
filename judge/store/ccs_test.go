package store

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/pgtest"
	"puzzlejudge/judge"
)

func TestCCSSQLite(t *testing.T) {
	testCCS(t, sqliteOpener(t)(t))
}

// TestCCSPostgres runs testCCS on the server of JUDGE_TEST_PG_DSN.
func TestCCSPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	resetPostgres(t, dsn)
	d := mustOpen(t, "postgres", dsn)
	t.Cleanup(func() { d.Close() })
	testCCS(t, d)
}

// testCCS: the event log keeps the order of its appends, in tokens, per
// contest; the clarifications come back with their users' names; the read
// marks only go up; the contest's submissions come with their language and
// judgings.
func testCCS(t *testing.T, d *DB) {
	ctx := context.Background()
	users, err := d.CreateUsers(ctx, []judge.NewUser{
		{User: judge.User{Username: "ada", Role: judge.RoleStudent}, PasswordHash: []byte("x")},
		{User: judge.User{Username: "jury", Role: judge.RoleInstructor}, PasswordHash: []byte("x")},
	})
	if err != nil {
		t.Fatal(err)
	}
	ada, jury := users[0], users[1]
	p, _, err := d.SyncCatalogue(ctx, "p", func(judge.Problem, bool, []judge.Case) (judge.CatalogueChanges, error) {
		return judge.CatalogueChanges{Problem: &judge.Problem{Slug: "p", Title: "P", Puzzle: "floodit", Statement: "."}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	c, err := d.CreateContest(ctx, judge.Contest{Title: "C", StartTime: time.Now().Add(-time.Hour).UTC(), Duration: 5 * time.Hour,
		Scoring: judge.ScoringICPC, Everyone: true, Problems: []judge.ContestProblem{{ProblemID: p.ID, Label: "A"}}})
	if err != nil {
		t.Fatal(err)
	}

	// The log: 1,200 events in one append (more than one insert of 500),
	// another contest's between, a deletion.
	var events []judge.FeedEvent
	for i := range 1200 {
		events = append(events, judge.FeedEvent{ContestID: c.ID, Type: "teams", ID: itoa(i % 10), Data: json.RawMessage(`{"n":` + itoa(i) + `}`), TeamID: int64(i % 3)})
	}
	logged, err := d.AppendFeedEvents(ctx, events)
	if err != nil || len(logged) != 1200 {
		t.Fatalf("AppendFeedEvents: %d, %v", len(logged), err)
	}
	other, err := d.AppendFeedEvents(ctx, []judge.FeedEvent{{ContestID: c.ID + 1, Type: "state", Data: json.RawMessage(`{}`)},
		{ContestID: c.ID, Type: "teams", ID: "3", Audience: judge.AudienceJury}})
	if err != nil {
		t.Fatal(err)
	}
	var got []judge.FeedEvent
	for after := int64(0); ; {
		page, err := d.FeedEvents(ctx, c.ID, after, 500)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		got = append(got, page...)
		after = page[len(page)-1].Token
	}
	if len(got) != 1201 {
		t.Fatalf("read %d events of the contest, want 1201", len(got))
	}
	for i, e := range got[:1200] {
		if e.Token != logged[i].Token || string(e.Data) != `{"n":`+itoa(i)+`}` || e.TeamID != int64(i%3) || (i > 0 && e.Token <= got[i-1].Token) {
			t.Fatalf("event %d = %+v, want %+v in order", i, e, logged[i])
		}
	}
	if last := got[1200]; last.Data != nil || last.Audience != judge.AudienceJury || last.Token != other[1].Token {
		t.Errorf("the deletion read back as %+v", last)
	}
	if e, err := d.FeedEvent(ctx, other[0].Token); err != nil || e.ContestID != c.ID+1 {
		t.Errorf("FeedEvent(%d) = %+v, %v", other[0].Token, e, err)
	}
	if _, err := d.FeedEvent(ctx, other[1].Token+1); code(err) != judge.ENOTFOUND {
		t.Errorf("FeedEvent past the end = %v, want not found", err)
	}

	// Clarifications and read marks.
	q, err := d.CreateClarification(ctx, judge.Clarification{ContestID: c.ID, FromUserID: ada.ID, ProblemID: p.ID, Text: "Why?", AuthorID: ada.ID})
	if err != nil || q.ID == 0 || q.FromUsername != "ada" || q.CreatedAt.IsZero() {
		t.Fatalf("CreateClarification = %+v, %v", q, err)
	}
	a, err := d.CreateClarification(ctx, judge.Clarification{ContestID: c.ID, ToUserID: ada.ID, ReplyToID: q.ID, Text: "Because.", AuthorID: jury.ID})
	if err != nil || a.ToUsername != "ada" || a.FromUsername != "" || a.ReplyToID != q.ID {
		t.Fatalf("answer = %+v, %v", a, err)
	}
	if _, err := d.CreateClarification(ctx, judge.Clarification{ContestID: c.ID, Text: "bad \x00 text", AuthorID: jury.ID}); code(err) != judge.EINVALID {
		t.Errorf("a NUL byte = %v, want invalid", err)
	}
	all, err := d.Clarifications(ctx, c.ID)
	if err != nil || len(all) != 2 || all[0].ID != q.ID || all[1].ID != a.ID {
		t.Errorf("Clarifications = %+v, %v", all, err)
	}
	if _, err := d.Clarification(ctx, a.ID+100); code(err) != judge.ENOTFOUND {
		t.Errorf("Clarification of no id = %v", err)
	}
	for _, step := range []struct{ mark, want int64 }{{0, 0}, {a.ID, a.ID}, {q.ID, a.ID}} {
		if step.mark != 0 {
			if err := d.MarkClarificationsRead(ctx, c.ID, ada.ID, step.mark); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := d.ClarificationsRead(ctx, c.ID, ada.ID); err != nil || got != step.want {
			t.Errorf("after marking %d: read %d, %v; want %d", step.mark, got, err, step.want)
		}
	}

	// The contest's submissions, with a judging a rejudge replaced.
	s, err := d.CreateSubmission(ctx, judge.Submission{UserID: ada.ID, ProblemID: p.ID, Kind: judge.KindProgram, Language: "cpp", Payload: "int main(){}", ContestID: c.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.CreateSubmission(ctx, judge.Submission{UserID: ada.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "1\n"}); err != nil {
		t.Fatal(err) // practice: not the contest's
	}
	subs, err := d.CCSSubmissions(ctx, c.ID)
	if err != nil || len(subs) != 1 || subs[0].ID != s.ID || subs[0].Language != "cpp" || subs[0].Status != judge.StatusPending ||
		subs[0].JudgedAt != nil || subs[0].ProblemID != p.ID || subs[0].CreatedAt.IsZero() {
		t.Errorf("CCSSubmissions = %+v, %v", subs, err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
