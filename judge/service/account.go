package service

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"puzzlejudge/judge"

	"golang.org/x/crypto/bcrypt"
)

// dummyHashes holds, per bcrypt cost, the hash compared against when a
// username does not exist, so that a failed login for an unknown user costs
// what it costs for a known one. It was made at bcrypt.MinCost while real
// hashes use BcryptCost (3.6 ms against 67.7 ms), which told which
// usernames exist.
var dummyHashes sync.Map

// int -> []byte

func dummyHash(cost int) []byte {
	if h, ok := dummyHashes.Load(cost); ok {
		return h.([]byte)
	}
	h, err := bcrypt.GenerateFromPassword([]byte("no such user, no such password"), cost)
	if err != nil {
		h, _ = bcrypt.GenerateFromPassword([]byte("no such user, no such password"), bcrypt.DefaultCost)
	}
	dummyHashes.Store(cost, h)
	return h
}

// Register creates an account. ECONFLICT when the username is taken, EINVALID
// for a bad username, password or role.
func (s *Service) Register(ctx context.Context, username, password string, role judge.Role) (judge.User, error) {
	if err := validUsername(username); err != nil {
		return judge.User{}, err
	}
	if n := len(password); n < judge.MinPassword || n > judge.MaxPassword {
		return judge.User{}, judge.Errort(judge.EINVALID, "password_length", "the password must have {Min} to {Max} bytes", "Min", judge.MinPassword, "Max", judge.MaxPassword)
	}
	if role != judge.RoleStudent && role != judge.RoleInstructor {
		return judge.User{}, judge.Errorf(judge.EINVALID, "unknown role %q", role)
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), s.cfg.BcryptCost)
	if err != nil {
		return judge.User{}, err
	}
	u, err := s.store.CreateUser(ctx, judge.User{Username: username, Role: role}, hash)
	if judge.ErrorCode(err) == judge.ECONFLICT {
		return judge.User{}, judge.Errort(judge.ECONFLICT, "username_taken", "the username {Name} is taken (names are compared without regard to case)", "Name", strconv.Quote(username))
	}
	return u, err
}

// RegistrationOpen reports whether anyone may create a student account with
// SignUp, so that the faces can offer the form only then.
func (s *Service) RegistrationOpen() bool { return s.cfg.RegistrationOpen }

// RegistrationNeedsCode reports whether SignUp asks for a course code.
func (s *Service) RegistrationNeedsCode() bool { return s.cfg.RegistrationCode != "" }

// SignUp creates a student account for v (anyone, usually not logged in)
// while registration is open (CanSignUp); EFORBIDDEN when it is closed. When
// Config.RegistrationCode is set, code must be it (EREGISTRATIONCODE when
// it is missing or wrong). Register, which makes accounts of any role, is
// for the admin's tools.
func (s *Service) SignUp(ctx context.Context, v judge.User, username, password, code string) (judge.User, error) {
	if !judge.CanSignUp(v, s.cfg.RegistrationOpen) {
		return judge.User{}, judge.Errort(judge.EFORBIDDEN, "registration_closed", "registration is closed: ask an instructor for an account")
	}
	if want := s.cfg.RegistrationCode; want != "" {
		if code == "" {
			return judge.User{}, judge.Errort(judge.EREGISTRATIONCODE, "registration_code_needed", "registration needs the course code: ask your instructor for it")
		}
		if subtle.ConstantTimeCompare([]byte(strings.TrimSpace(code)), []byte(want)) != 1 {
			return judge.User{}, judge.Errort(judge.EREGISTRATIONCODE, "registration_code_wrong", "wrong course code: ask your instructor for it")
		}
	}
	return s.Register(ctx, username, password, judge.RoleStudent)
}

func validUsername(name string) error {
	if n := utf8.RuneCountInString(name); n < judge.MinUsername || n > judge.MaxUsername {
		return judge.Errort(judge.EINVALID, "username_length", "the username must have {Min} to {Max} characters", "Min", judge.MinUsername, "Max", judge.MaxUsername)
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
		if !ok {
			return judge.Errort(judge.EINVALID, "username_characters", "the username may hold only the letters a-z and A-Z (no accents), the digits 0-9, '_', '-' and '.'")
		}
	}
	return nil
}

// Authenticate returns the user with that username and password;
// EUNAUTHORIZED when either is wrong (without saying which).
func (s *Service) Authenticate(ctx context.Context, username, password string) (judge.User, error) {
	u, hash, err := s.store.UserByName(ctx, username)
	switch {
	case judge.ErrorCode(err) == judge.ENOTFOUND:
		bcrypt.CompareHashAndPassword(dummyHash(s.cfg.BcryptCost), []byte(password))
		return judge.User{}, judge.Errort(judge.EUNAUTHORIZED, "wrong_login", "wrong username or password")
	case err != nil:
		return judge.User{}, err
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil {
		return judge.User{}, judge.Errort(judge.EUNAUTHORIZED, "wrong_login", "wrong username or password")
	}
	if u.Disabled {
		return judge.User{}, judge.Errort(judge.EFORBIDDEN, "account_disabled", "this account is disabled: ask an instructor")
	}
	return u, nil
}

// EnsureAdmin creates the instructor "admin" when there is no user at all,
// with password, or a random one when password is "". It returns whether it
// created the account and the password used.
func (s *Service) EnsureAdmin(ctx context.Context, password string) (created bool, pw string, err error) {
	n, err := s.store.CountUsers(ctx)
	if err != nil || n > 0 {
		return false, "", err
	}
	if password == "" {
		var raw [12]byte
		rand.Read(raw[:])
		password = base64.RawURLEncoding.EncodeToString(raw[:])
	}
	if _, err := s.Register(ctx, "admin", password, judge.RoleInstructor); err != nil {
		if judge.ErrorCode(err) == judge.ECONFLICT {
			return false, "", nil // another process made it first
		}
		return false, "", err
	}
	return true, password, nil
}
