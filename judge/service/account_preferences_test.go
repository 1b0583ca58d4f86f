package service_test

import (
	"context"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

func TestSetPreferences(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "p.db"), service.Config{})
	admin := mustInstructor(t, s, "prof")
	str := func(s string) *string { return &s }
	u, err := s.SetPreferences(ctx, admin, judge.Preferences{Language: str("zh-CN"), TimeZone: str("Asia/Shanghai")})
	if err != nil || u.Language != "zh-CN" || u.TimeZone != "Asia/Shanghai" {
		t.Fatalf("SetPreferences = %+v, %v", u, err)
	}
	// Read back: the account as a login finds it carries them.
	users, err := s.Users(ctx, admin)
	if err != nil || len(users) != 1 || users[0].Language != "zh-CN" || users[0].TimeZone != "Asia/Shanghai" {
		t.Fatalf("Users after SetPreferences = %+v, %v", users, err)
	}
	back := users[0]
	// A nil field stays; an empty one clears.
	u, err = s.SetPreferences(ctx, back, judge.Preferences{Language: str("")})
	if err != nil || u.Language != "" || u.TimeZone != "Asia/Shanghai" {
		t.Fatalf("SetPreferences(clear language) = %+v, %v", u, err)
	}
	for _, tc := range []struct {
		name string
		p    judge.Preferences
	}{
		{"unknown language", judge.Preferences{Language: str("fr")}},
		{"unknown zone", judge.Preferences{TimeZone: str("Mars/Olympus")}},
		{"a path as zone", judge.Preferences{TimeZone: str("../../etc/passwd")}},
		{"Local", judge.Preferences{TimeZone: str("Local")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.SetPreferences(ctx, back, tc.p); judge.ErrorCode(err) != judge.EINVALID {
				t.Errorf("SetPreferences(%+v) = %v, want invalid", tc.p, err)
			}
		})
	}
	if _, err := s.SetPreferences(ctx, judge.User{}, judge.Preferences{Language: str("en")}); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("SetPreferences(anonymous) = %v, want unauthorized", err)
	}
}
