package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// TestWaitingIsShown: a submission waiting for the reference answers of
// its boards says so in GET /api/v1/submissions/{id} ("waiting") and on
// its page, in the reader's language; it is pending, with no verdict.
func TestWaitingIsShown(t *testing.T) {
	ctx := context.Background()
	db, err := store.OpenWith("sqlite", filepath.Join(t.TempDir(), "judge.db"), nil, webtest.TestStore)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Not started: the cases stay solving, and this test plays the worker.
	svc := service.NewService(db, service.Config{BcryptCost: bcrypt.MinCost, RegistrationOpen: true}, nil)
	p := apiProblems[0]
	if err := svc.SyncProblem(ctx, p.problem, p.cases); err != nil {
		t.Fatal(err)
	}
	srv := NewServer(svc, nil, nil, Options{Logins: db})
	e := newEnvOver(t, srv, svc)
	token := e.Student("olga")
	id := e.Submit(token, p.problem.Slug, map[string]any{"kind": "answer", "output": "0\n2\n"})
	claims, err := db.Claim(ctx, 10)
	if err != nil || len(claims) != 1 {
		t.Fatalf("Claim = %v, %v", claims, err)
	}
	_, cases, err := svc.Problem(ctx, webtest.Staff, p.problem.Slug)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, c := range cases {
		ids = append(ids, c.ID)
	}
	if err := db.Wait(ctx, claims[0], len(ids), ids); err != nil {
		t.Fatal(err)
	}

	var sub struct{ Status, Verdict, Waiting string }
	e.Do("GET", "/api/v1/submissions/"+itoa64(id), token, nil).Want(t, 200, "").JSON(t, &sub)
	n := strconv.Itoa(len(ids))
	want := "the reference answers of " + n + " boards"
	if len(ids) < 2 || sub.Status != "pending" || sub.Verdict != "" || sub.Waiting != want {
		t.Errorf("submission = %+v, want pending, no verdict, waiting for %q", sub, want)
	}

	web := httptest.NewServer(srv.Router())
	defer web.Close()
	b := webtest.NewBrowser(t, web.URL)
	b.Login("olga", "pass-olga")
	b.Get("/submissions/"+itoa64(id)).Want(t, 200, `id="waiting"`, "Waiting for the reference answers of "+n+" boards")
	req, _ := http.NewRequest("GET", web.URL+"/submissions/"+itoa64(id), nil)
	req.Header.Set("Accept-Language", "zh-CN")
	b.Do(req).Want(t, 200, "正在等待"+n+" 个棋盘的参考答案")
}
