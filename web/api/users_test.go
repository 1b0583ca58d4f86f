package api

import (
	"bytes"
	"mime/multipart"
	"net/http/httptest"
	"testing"

	"puzzlejudge/judge"
)

// upload posts a CSV file as the multipart field "file".
func (e *apiEnv) upload(token, csvText string, fields map[string]string) response {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "class.csv")
	fw.Write([]byte(csvText))
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	mw.Close()
	req := httptest.NewRequest("POST", "/api/v1/users", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return e.serve(req)
}

func TestUsersAPI(t *testing.T) {
	e := newAPIEnv(t, Options{})
	var one accountJSON
	e.do("POST", "/api/v1/users", e.admin, map[string]any{"username": "ada", "role": "student"}).want(t, 201, "").json(t, &one)
	if one.ID == 0 || one.Password == "" || one.Role != judge.RoleStudent {
		t.Fatalf("POST /users = %+v, want an id and a generated password", one)
	}
	ada := e.login("ada", one.Password)
	e.do("GET", "/api/v1/users", ada, nil).want(t, 403, judge.EFORBIDDEN)
	e.do("POST", "/api/v1/users", ada, map[string]any{"username": "eve"}).want(t, 403, judge.EFORBIDDEN)
	e.do("POST", "/api/v1/users", e.admin, map[string]any{"username": "ada"}).want(t, 409, judge.ECONFLICT)
	e.do("POST", "/api/v1/users", e.admin, map[string]any{"username": "bo", "password": "x"}).want(t, 400, judge.EINVALID)

	var bulk struct {
		Users []accountJSON `json:"users"`
	}
	e.upload(e.admin, "username,password\nbob,bob-password\ncyd\n", nil).want(t, 201, "").json(t, &bulk)
	if len(bulk.Users) != 2 || bulk.Users[0].Password != "" || bulk.Users[1].Password == "" || bulk.Users[1].Role != judge.RoleStudent {
		t.Fatalf("CSV upload = %+v", bulk.Users)
	}
	e.login("bob", "bob-password")
	e.login("cyd", bulk.Users[1].Password)
	e.upload(e.admin, "dan\nada\n", nil).want(t, 409, judge.ECONFLICT)
	e.upload(e.admin, "ta1,ta-password\n", map[string]string{"role": "instructor"}).want(t, 201, "").json(t, &bulk)
	if bulk.Users[0].Role != judge.RoleInstructor {
		t.Errorf("upload with role instructor made %+v", bulk.Users[0])
	}
	e.upload(ada, "x1\n", nil).want(t, 403, judge.EFORBIDDEN)
	var users []accountJSON
	e.do("GET", "/api/v1/users", e.admin, nil).want(t, 200, "").json(t, &users)
	if len(users) != 5 { // admin ada bob cyd ta1; dan was not created
		t.Errorf("GET /users = %+v", users)
	}

	// Reset: generated (200) or given (204); the sessions end.
	var reset struct {
		Password string `json:"password"`
	}
	e.do("POST", "/api/v1/users/"+itoa64(one.ID)+"/password", ada, map[string]any{"password": "mine-now-1"}).want(t, 403, judge.EFORBIDDEN)
	e.do("POST", "/api/v1/users/"+itoa64(one.ID)+"/password", e.admin, nil).want(t, 200, "").json(t, &reset)
	e.do("GET", "/api/v1/submissions", ada, nil).want(t, 401, judge.EUNAUTHORIZED)
	e.login("ada", reset.Password)
	e.do("POST", "/api/v1/users/"+itoa64(one.ID)+"/password", e.admin, map[string]any{"password": "given-pass-1"}).want(t, 204, "")
	ada = e.login("ada", "given-pass-1")
	e.do("POST", "/api/v1/users/999/password", e.admin, nil).want(t, 404, judge.ENOTFOUND)

	// Own password: the old one is checked; this token stays, others end.
	other := e.login("ada", "given-pass-1")
	e.do("PUT", "/api/v1/me/password", ada, map[string]any{"old_password": "wrong-pass", "new_password": "brand-new-1"}).want(t, 403, judge.EFORBIDDEN)
	e.do("PUT", "/api/v1/me/password", ada, map[string]any{"old_password": "given-pass-1", "new_password": "short"}).want(t, 400, judge.EINVALID)
	e.do("PUT", "/api/v1/me/password", ada, map[string]any{"old_password": "given-pass-1", "new_password": "brand-new-1"}).want(t, 204, "")
	e.do("GET", "/api/v1/submissions", ada, nil).want(t, 200, "")
	e.do("GET", "/api/v1/submissions", other, nil).want(t, 401, judge.EUNAUTHORIZED)
	e.do("PUT", "/api/v1/me/password", "", map[string]any{"old_password": "a", "new_password": "b"}).want(t, 401, judge.EUNAUTHORIZED)

	// Roles and disabling; the last instructor stays.
	var admin accountJSON
	for _, u := range users {
		if u.Username == "admin" {
			admin = u
		}
	}
	e.do("PATCH", "/api/v1/users/"+itoa64(one.ID), ada, map[string]any{"role": "instructor"}).want(t, 403, judge.EFORBIDDEN)
	var changed accountJSON
	e.do("PATCH", "/api/v1/users/"+itoa64(one.ID), e.admin, map[string]any{"disabled": true}).want(t, 200, "").json(t, &changed)
	if !changed.Disabled {
		t.Errorf("PATCH disabled = %+v", changed)
	}
	e.do("GET", "/api/v1/submissions", ada, nil).want(t, 401, judge.EUNAUTHORIZED)
	e.do("POST", "/api/v1/tokens", "", credentials{"ada", "brand-new-1"}).want(t, 403, judge.EFORBIDDEN)
	e.do("PATCH", "/api/v1/users/"+itoa64(one.ID), e.admin, map[string]any{"disabled": false}).want(t, 200, "")
	e.login("ada", "brand-new-1")
	e.do("PATCH", "/api/v1/users/"+itoa64(bulk.Users[0].ID), e.admin, map[string]any{"role": "student"}).want(t, 200, "") // ta1
	e.do("PATCH", "/api/v1/users/"+itoa64(admin.ID), e.admin, map[string]any{"role": "student"}).want(t, 409, judge.ECONFLICT)
	e.do("PATCH", "/api/v1/users/"+itoa64(admin.ID), e.admin, map[string]any{"disabled": true}).want(t, 409, judge.ECONFLICT)
	e.do("PATCH", "/api/v1/users/"+itoa64(admin.ID), e.admin, map[string]any{"role": "root"}).want(t, 400, judge.EINVALID)
}
