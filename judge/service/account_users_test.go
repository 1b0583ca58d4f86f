package service_test

import (
	"context"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

func TestCreateUsersAndPermissions(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "u.db"), service.Config{})
	admin := mustInstructor(t, s, "prof")
	stu := mustUser(t, s, "stu")

	one, err := s.CreateUser(ctx, admin, "ada", "", judge.RoleStudent)
	if err != nil || one.ID == 0 || len(one.Password) < judge.MinPassword || one.Role != judge.RoleStudent {
		t.Fatalf("CreateUser = %+v, %v", one, err)
	}
	if _, err := s.Authenticate(ctx, "ada", one.Password); err != nil {
		t.Errorf("the generated password does not log in: %v", err)
	}
	if _, err := s.CreateUser(ctx, stu, "bob", "", judge.RoleStudent); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("CreateUser(student) = %v, want forbidden", err)
	}
	if _, err := s.Users(ctx, stu); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("Users(student) = %v, want forbidden", err)
	}

	specs, err := service.ParseUserCSV(strings.NewReader("\ufeffUsername,Password\r\ncarl,secret-pass-1\r\n\r\ndora\n"))
	if err != nil || len(specs) != 2 || specs[0].Password != "secret-pass-1" || specs[1].Username != "dora" || specs[1].Line != 4 {
		t.Fatalf("ParseUserCSV = %+v, %v", specs, err)
	}
	made, err := s.CreateUsers(ctx, admin, specs, "")
	if err != nil || len(made) != 2 || made[0].Password != "" || made[1].Password == "" {
		t.Fatalf("CreateUsers = %+v, %v", made, err)
	}
	for _, tc := range []struct {
		name, csv, code string
	}{
		{"taken, none created", "erin\nada\n", judge.ECONFLICT},
		{"listed twice", "fred\nFred\n", judge.EINVALID},
		{"bad name", "gil\nno spaces\n", judge.EINVALID},
		{"short password", "hal,short\n", judge.EINVALID},
		{"three fields", "ivy,password123,x\n", judge.EINVALID},
		{"empty", "username\n", judge.EINVALID},
		{"a bare quote, not a panic", "jon\nk\"im\n", judge.EINVALID},
		{"an open quote, not a panic", "\"lou\n", judge.EINVALID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			specs, err := service.ParseUserCSV(strings.NewReader(tc.csv))
			if err == nil {
				_, err = s.CreateUsers(ctx, admin, specs, judge.RoleStudent)
			}
			if judge.ErrorCode(err) != tc.code {
				t.Errorf("CreateUsers(%q) = %v, want %s", tc.csv, err, tc.code)
			}
		})
	}
	all, err := s.Users(ctx, admin)
	var names []string
	for _, u := range all {
		names = append(names, u.Username)
	}
	if err != nil || strings.Join(names, " ") != "prof stu ada carl dora" {
		t.Errorf("Users = %v, %v; want prof stu ada carl dora (the failed uploads created nobody)", names, err)
	}
}

func TestPasswordsRolesAndDisabling(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "p.db"), service.Config{})
	admin := mustInstructor(t, s, "prof")
	stu := mustUser(t, s, "stu")
	tok1, _ := s.IssueToken(ctx, stu.ID, "test")
	tok2, _ := s.IssueToken(ctx, stu.ID, "test")

	// Changing one's own password keeps the current session and ends the others.
	if err := s.ChangePassword(ctx, stu, tok1, "wrong-password", "new-password-1"); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("ChangePassword(wrong old) = %v, want forbidden", err)
	}
	if err := s.ChangePassword(ctx, stu, tok1, "password123", "new-password-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UserByToken(ctx, tok1); err != nil {
		t.Errorf("the current session ended: %v", err)
	}
	if _, err := s.UserByToken(ctx, tok2); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("another session survived a password change: %v", err)
	}
	if _, err := s.Authenticate(ctx, "stu", "new-password-1"); err != nil {
		t.Errorf("the new password does not log in: %v", err)
	}

	// An instructor's reset ends every session.
	if _, err := s.ResetPassword(ctx, stu, admin.ID, "hijacked-pass"); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("ResetPassword(student) = %v, want forbidden", err)
	}
	pw, err := s.ResetPassword(ctx, admin, stu.ID, "")
	if err != nil || pw == "" {
		t.Fatalf("ResetPassword = %q, %v", pw, err)
	}
	if _, err := s.UserByToken(ctx, tok1); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("a session survived a reset: %v", err)
	}
	if _, err := s.Authenticate(ctx, "stu", pw); err != nil {
		t.Errorf("the reset password does not log in: %v", err)
	}
	if _, _, err := s.ResetPasswordByName(ctx, "nobody", ""); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("ResetPasswordByName(nobody) = %v", err)
	}
	if u, _, err := s.ResetPasswordByName(ctx, "prof", "operator-pass"); err != nil || u.ID != admin.ID {
		t.Errorf("ResetPasswordByName = %+v, %v", u, err)
	}

	// Disabling ends the tokens at once and refuses logins.
	tok3, _ := s.IssueToken(ctx, stu.ID, "test")
	u, err := s.UpdateUser(ctx, admin, stu.ID, judge.UserPatch{Disabled: ptr(true)})
	if err != nil || !u.Disabled {
		t.Fatalf("UpdateUser(disable) = %+v, %v", u, err)
	}
	if _, err := s.UserByToken(ctx, tok3); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("a disabled account's token still works: %v", err)
	}
	if _, err := s.Authenticate(ctx, "stu", pw); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("a disabled account logs in: %v", err)
	}
	if _, err := s.UpdateUser(ctx, admin, stu.ID, judge.UserPatch{Disabled: ptr(false)}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Authenticate(ctx, "stu", pw); err != nil {
		t.Errorf("an enabled account does not log in: %v", err)
	}

	// The last instructor stays.
	for _, p := range []judge.UserPatch{{Role: ptr(judge.RoleStudent)}, {Disabled: ptr(true)}} {
		if _, err := s.UpdateUser(ctx, admin, admin.ID, p); judge.ErrorCode(err) != judge.ECONFLICT {
			t.Errorf("UpdateUser(last instructor, %+v) = %v, want conflict", p, err)
		}
	}
	if _, err := s.UpdateUser(ctx, admin, stu.ID, judge.UserPatch{Role: ptr(judge.RoleInstructor)}); err != nil {
		t.Fatal(err)
	}
	if u, err := s.UpdateUser(ctx, admin, admin.ID, judge.UserPatch{Role: ptr(judge.RoleStudent)}); err != nil || u.Role != judge.RoleStudent {
		t.Errorf("demoting oneself beside another instructor = %+v, %v", u, err)
	}
	if _, err := s.UpdateUser(ctx, admin, stu.ID, judge.UserPatch{Role: ptr(judge.Role("root"))}); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("UpdateUser(role root) = %v, want invalid", err)
	}
}
