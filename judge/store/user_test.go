package store

import (
	"context"
	"path/filepath"
	"testing"

	"puzzlejudge/judge"
)

// TestUsernamesAreUniqueWithoutCase checks that "Admin" beside "admin" is
// refused, and that a database from before the rule, which already holds
// two names differing only in case, keeps both and takes no third.
func TestUsernamesAreUniqueWithoutCase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "u.db")
	d := mustOpen(t, "sqlite", path)
	if _, err := d.CreateUser(ctx, judge.User{Username: "admin", Role: judge.RoleInstructor}, []byte("h")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Admin", "ADMIN", "admin"} {
		if _, err := d.CreateUser(ctx, judge.User{Username: name, Role: judge.RoleStudent}, []byte("h")); judge.ErrorCode(err) != judge.ECONFLICT {
			t.Errorf("CreateUser(%q) beside admin = %v, want conflict", name, err)
		}
	}
	// An older database: a case-variant pair written before the key.
	if err := d.db.Exec(`INSERT INTO users (username, role, password_hash, created_at) VALUES ('Bob', 'student', 'h', CURRENT_TIMESTAMP), ('bob', 'student', 'h', CURRENT_TIMESTAMP)`).Error; err != nil {
		t.Fatal(err)
	}
	d.Close()
	d = mustOpen(t, "sqlite", path)
	defer d.Close()
	for _, name := range []string{"Bob", "bob"} {
		if u, _, err := d.UserByName(ctx, name); err != nil || u.Username != name {
			t.Errorf("UserByName(%q) = %+v, %v; an existing pair keeps working", name, u, err)
		}
	}
	if _, err := d.CreateUser(ctx, judge.User{Username: "BOB", Role: judge.RoleStudent}, []byte("h")); judge.ErrorCode(err) != judge.ECONFLICT {
		t.Errorf("CreateUser(BOB) beside Bob and bob = %v, want conflict", err)
	}
	if _, err := d.CreateUser(ctx, judge.User{Username: "carol", Role: judge.RoleStudent}, []byte("h")); err != nil {
		t.Errorf("CreateUser(carol) = %v", err)
	}
}
