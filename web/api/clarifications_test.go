package api

import (
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestClarifications runs a contest's questions, answers and announcements
// through /api/v1 as written in the document: who may write what, who
// reads what, and the unread counts.
func TestClarifications(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice, bob, carol := e.student("alice"), e.student("bob"), e.student("carol")
	c := e.contest("Weekly", time.Hour, 5*time.Hour, 0, judge.ScoringICPC, []string{"alice", "bob"})
	later := e.contest("Later", -time.Hour, time.Hour, 0, judge.ScoringICPC, nil)
	path := "/api/v1/contests/" + itoa64(c.ID) + "/clarifications"
	post := func(token string, body any, status int, code string) clarificationJSON {
		t.Helper()
		var m clarificationJSON
		r := e.env().Do("POST", path, token, body)
		r.Want(t, status, code)
		if status == 201 {
			r.JSON(t, &m)
		}
		return m
	}
	q := post(alice, map[string]any{"text": "Is the board square?", "problem": "a"}, 201, "")
	if q.From == nil || *q.From != "alice" || q.Problem == nil || *q.Problem != "A" || q.ToAll || q.ReplyTo != nil {
		t.Errorf("question = %+v", q)
	}
	general := post(bob, map[string]any{"text": "May I use C?"}, 201, "")
	private := post(e.admin, map[string]any{"text": "Yes.", "reply_to": q.ID}, 201, "")
	if private.To == nil || *private.To != "alice" || private.From != nil || private.Problem == nil || *private.Problem != "A" {
		t.Errorf("private answer = %+v", private)
	}
	public := post(e.admin, map[string]any{"text": "Any language of the list.", "reply_to": general.ID, "to_all": true}, 201, "")
	if !public.ToAll || public.To != nil {
		t.Errorf("answer to all = %+v", public)
	}
	news := post(e.admin, map[string]any{"text": "One hour left."}, 201, "")
	if !news.ToAll || news.ReplyTo != nil {
		t.Errorf("announcement = %+v", news)
	}

	// The refusals.
	for _, tc := range []struct {
		name   string
		token  string
		path   string
		body   any
		status int
		code   string
	}{
		{"anonymous", "", path, map[string]any{"text": "hi"}, 401, judge.EUNAUTHORIZED},
		{"not a participant", carol, path, map[string]any{"text": "hi"}, 403, judge.EFORBIDDEN},
		{"a contestant answers", bob, path, map[string]any{"text": "no", "reply_to": q.ID}, 403, judge.EFORBIDDEN},
		{"a contestant writes to all", bob, path, map[string]any{"text": "hi all", "to_all": true}, 403, judge.EFORBIDDEN},
		{"before the start", alice, "/api/v1/contests/" + itoa64(later.ID) + "/clarifications", map[string]any{"text": "hi"}, 403, judge.EFORBIDDEN},
		{"empty text", alice, path, map[string]any{"text": "  "}, 400, judge.EINVALID},
		{"too long", alice, path, map[string]any{"text": strings.Repeat("x", judge.MaxClarificationText+1)}, 400, judge.EINVALID},
		{"no such problem", alice, path, map[string]any{"text": "hi", "problem": "Z"}, 400, judge.EINVALID},
		{"reply to an answer", e.admin, path, map[string]any{"text": "hi", "reply_to": private.ID}, 400, judge.EINVALID},
		{"reply to nothing", e.admin, path, map[string]any{"text": "hi", "reply_to": 99999}, 400, judge.EINVALID},
		{"not JSON", alice, path, "{", 400, judge.EINVALID},
		{"no such contest", alice, "/api/v1/contests/99999/clarifications", map[string]any{"text": "hi"}, 404, judge.ENOTFOUND},
		{"not a contest id", alice, "/api/v1/contests/x/clarifications", map[string]any{"text": "hi"}, 404, judge.ENOTFOUND},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.env().Do("POST", tc.path, tc.token, tc.body).Want(t, tc.status, tc.code)
		})
	}

	// Who reads what, and how many are unread.
	list := func(token string) clarificationsJSON {
		t.Helper()
		var l clarificationsJSON
		e.env().Do("GET", path, token, nil).Want(t, 200, "").JSON(t, &l)
		return l
	}
	ids := func(l clarificationsJSON) []int64 {
		var out []int64
		for _, m := range l.Clarifications {
			out = append(out, m.ID)
		}
		return out
	}
	for _, tc := range []struct {
		who    string
		token  string
		want   []int64
		unread int
	}{
		// Alice wrote her question: the answer, the answer to all and the
		// announcement are unread.
		{"alice", alice, []int64{q.ID, private.ID, public.ID, news.ID}, 3},
		{"bob", bob, []int64{general.ID, public.ID, news.ID}, 2},
		// The jury wrote the answers: the two questions are unread.
		{"jury", e.admin, []int64{q.ID, general.ID, private.ID, public.ID, news.ID}, 2},
	} {
		l := list(tc.token)
		if got := ids(l); !equalIDs(got, tc.want) || l.Unread != tc.unread {
			t.Errorf("%s reads %v with %d unread, want %v with %d", tc.who, got, l.Unread, tc.want, tc.unread)
		}
	}
	e.env().Do("GET", path, carol, nil).Want(t, 403, judge.EFORBIDDEN)
	e.env().Do("GET", path+"/"+itoa64(private.ID), bob, nil).Want(t, 404, judge.ENOTFOUND)
	e.env().Do("GET", path+"/"+itoa64(private.ID), alice, nil).Want(t, 200, "")

	// Marking read: up to the private answer, then all.
	e.env().Do("POST", path+"/read", alice, map[string]any{"up_to": private.ID}).Want(t, 204, "")
	if l := list(alice); l.Unread != 2 || l.Clarifications[1].Unread || !l.Clarifications[2].Unread {
		t.Errorf("after reading up to %d: %+v", private.ID, l)
	}
	e.env().Do("POST", path+"/read", alice, nil).Want(t, 204, "")
	// An older mark does not take the newer back.
	e.env().Do("POST", path+"/read", alice, map[string]any{"up_to": q.ID}).Want(t, 204, "")
	if l := list(alice); l.Unread != 0 {
		t.Errorf("after reading all: %d unread", l.Unread)
	}
	post(e.admin, map[string]any{"text": "Ten minutes left."}, 201, "")
	if l := list(alice); l.Unread != 1 {
		t.Errorf("after a new announcement: %d unread, want 1", l.Unread)
	}
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
