package api

import (
	"testing"

	"puzzlejudge/judge"
)

// TestMePreferences sets a user's page language and time zone through
// PATCH /api/v1/me as the issue writes it, and reads them back.
func TestMePreferences(t *testing.T) {
	e := newAPIEnv(t, Options{})
	var me accountJSON
	r := e.do("GET", "/api/v1/me", e.admin, nil).want(t, 200, "")
	r.json(t, &me)
	if me.Username != "admin" || me.Language != "" || me.TimeZone != "" {
		t.Fatalf("GET /me = %+v, want admin without settings", me)
	}
	if got := r.header.Get("Content-Language"); got != "en" {
		t.Errorf("GET /me Content-Language = %q, want en", got)
	}
	e.do("PATCH", "/api/v1/me", e.admin, map[string]any{"language": "zh-CN", "time_zone": "Asia/Shanghai"}).want(t, 200, "").json(t, &me)
	if me.Language != "zh-CN" || me.TimeZone != "Asia/Shanghai" {
		t.Fatalf("PATCH /me = %+v", me)
	}
	e.do("PATCH", "/api/v1/me", e.admin, map[string]any{"time_zone": "America/New_York"}).want(t, 200, "").json(t, &me)
	if me.Language != "zh-CN" || me.TimeZone != "America/New_York" {
		t.Fatalf("PATCH /me (zone only) = %+v, want the language kept", me)
	}
	// The API stays English whatever the account chose.
	r = e.do("PATCH", "/api/v1/me", e.admin, map[string]any{"language": "fr"}).want(t, 400, judge.EINVALID)
	if got := r.header.Get("Content-Language"); got != "en" {
		t.Errorf("an error's Content-Language = %q, want en", got)
	}
	e.do("PATCH", "/api/v1/me", e.admin, map[string]any{"time_zone": "Nowhere/City"}).want(t, 400, judge.EINVALID)
	e.do("PATCH", "/api/v1/me", "", map[string]any{"language": "en"}).want(t, 401, judge.EUNAUTHORIZED)
	e.do("GET", "/api/v1/me", "", nil).want(t, 401, judge.EUNAUTHORIZED)
}
