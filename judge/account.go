package judge

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// Bounds of accounts. bcrypt reads at most 72 bytes of a password.
const (
	MinUsername = 3
	MaxUsername = 32
	MinPassword = 8
	MaxPassword = 72
)

// dummyHash is compared against when a username does not exist, so that the
// time of a failed login does not tell whether the user exists.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("no such user, no such password"), bcrypt.MinCost)

// Register creates an account. ECONFLICT when the username is taken, EINVALID
// for a bad username, password or role.
func (s *Service) Register(ctx context.Context, username, password string, role Role) (User, error) {
	if err := validUsername(username); err != nil {
		return User{}, err
	}
	if n := len(password); n < MinPassword || n > MaxPassword {
		return User{}, Errorf(EINVALID, "the password must have %d to %d bytes", MinPassword, MaxPassword)
	}
	if role != RoleStudent && role != RoleInstructor {
		return User{}, Errorf(EINVALID, "unknown role %q", role)
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), s.cfg.BcryptCost)
	if err != nil {
		return User{}, err
	}
	u, err := s.store.CreateUser(ctx, User{Username: username, Role: role}, hash)
	if ErrorCode(err) == ECONFLICT {
		return User{}, Errorf(ECONFLICT, "the username %q is taken", username)
	}
	return u, err
}

// RegistrationOpen reports whether anyone may create a student account with
// SignUp, so that the faces can offer the form only then.
func (s *Service) RegistrationOpen() bool { return s.cfg.RegistrationOpen }

// SignUp creates a student account for v (anyone, usually not logged in)
// while registration is open (CanSignUp); EFORBIDDEN when it is closed.
// Register, which makes accounts of any role, is for the admin's tools.
func (s *Service) SignUp(ctx context.Context, v User, username, password string) (User, error) {
	if !CanSignUp(v, s.cfg.RegistrationOpen) {
		return User{}, Errorf(EFORBIDDEN, "registration is closed: ask an instructor for an account")
	}
	return s.Register(ctx, username, password, RoleStudent)
}

func validUsername(name string) error {
	if n := utf8.RuneCountInString(name); n < MinUsername || n > MaxUsername {
		return Errorf(EINVALID, "the username must have %d to %d characters", MinUsername, MaxUsername)
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
		if !ok {
			return Errorf(EINVALID, "the username may hold only letters, digits, '_', '-' and '.'")
		}
	}
	return nil
}

// Authenticate returns the user with that username and password;
// EUNAUTHORIZED when either is wrong (without saying which).
func (s *Service) Authenticate(ctx context.Context, username, password string) (User, error) {
	u, hash, err := s.store.UserByName(ctx, username)
	switch {
	case ErrorCode(err) == ENOTFOUND:
		bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		return User{}, Errorf(EUNAUTHORIZED, "wrong username or password")
	case err != nil:
		return User{}, err
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil {
		return User{}, Errorf(EUNAUTHORIZED, "wrong username or password")
	}
	return u, nil
}

// IssueToken returns a new random API token of userID. Only its sha256 hash
// is stored, so a leaked database does not leak usable tokens.
func (s *Service) IssueToken(ctx context.Context, userID int64) (string, error) {
	var raw [32]byte
	rand.Read(raw[:])
	token := hex.EncodeToString(raw[:])
	if err := s.store.CreateToken(ctx, userID, tokenHash(token)); err != nil {
		return "", err
	}
	return token, nil
}

// UserByToken returns the owner of an API token; EUNAUTHORIZED when unknown.
func (s *Service) UserByToken(ctx context.Context, token string) (User, error) {
	if token == "" || len(token) > 256 {
		return User{}, Errorf(EUNAUTHORIZED, "unknown token")
	}
	u, err := s.store.UserByTokenHash(ctx, tokenHash(token))
	if ErrorCode(err) == ENOTFOUND {
		return User{}, Errorf(EUNAUTHORIZED, "unknown token")
	}
	return u, err
}

// RevokeToken deletes an API token, so that it authenticates no more (a
// logout); EUNAUTHORIZED when the token is unknown, already revoked or not.
func (s *Service) RevokeToken(ctx context.Context, token string) error {
	if token == "" || len(token) > 256 {
		return Errorf(EUNAUTHORIZED, "unknown token")
	}
	err := s.store.DeleteToken(ctx, tokenHash(token))
	if ErrorCode(err) == ENOTFOUND {
		return Errorf(EUNAUTHORIZED, "unknown token")
	}
	return err
}

func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
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
	if _, err := s.Register(ctx, "admin", password, RoleInstructor); err != nil {
		if ErrorCode(err) == ECONFLICT {
			return false, "", nil // another process made it first
		}
		return false, "", err
	}
	return true, password, nil
}
