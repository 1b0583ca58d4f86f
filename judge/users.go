package judge

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/csv"
	"errors"
	"io"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/crypto/bcrypt"
)

// UserAdminStore keeps what managing accounts needs beyond AccountStore.
type UserAdminStore interface {
	// Users returns every account, by id.
	Users(ctx context.Context) ([]User, error)
	UserByID(ctx context.Context, id int64) (User, error)
	// CreateUsers stores the accounts in one transaction: all or none;
	// ECONFLICT naming the first username taken.
	CreateUsers(ctx context.Context, users []NewUser) ([]User, error)
	// SetPassword replaces a user's password hash and deletes their API
	// tokens (sessions) except the one whose hash is keep (nil: all).
	SetPassword(ctx context.Context, id int64, passwordHash, keep []byte) error
	// UpdateUser sets a user's role and disabled flag in one transaction;
	// disabling deletes their tokens. ECONFLICT, and nothing changes, when
	// no enabled instructor would remain.
	UpdateUser(ctx context.Context, id int64, role Role, disabled bool) (User, error)
}

// NewUser is an account to create with its bcrypt password hash.
type NewUser struct {
	User
	PasswordHash []byte
}

// CreatedUser is an account just created; Password is set only when the
// judge generated it, and is shown this once.
type CreatedUser struct {
	User
	Password string
}

// UserPatch changes an account; nil fields stay.
type UserPatch struct {
	Role     *Role
	Disabled *bool
}

// MaxBulkUsers bounds the accounts of one CSV upload.
const MaxBulkUsers = 2000

// NewPassword returns a random password of 16 URL-safe characters.
func NewPassword() string {
	var raw [12]byte
	rand.Read(raw[:])
	return base64.RawURLEncoding.EncodeToString(raw[:])
}

func validPassword(pw string) error {
	if n := len(pw); n < MinPassword || n > MaxPassword {
		return Errorf(EINVALID, "the password must have %d to %d bytes", MinPassword, MaxPassword)
	}
	return nil
}

func validRole(r Role) error {
	if r != RoleStudent && r != RoleInstructor {
		return Errorf(EINVALID, "unknown role %q (want student or instructor)", r)
	}
	return nil
}

// Users lists every account (instructors only).
func (s *Service) Users(ctx context.Context, viewer User) ([]User, error) {
	if err := requireAccountManager(viewer); err != nil {
		return nil, err
	}
	return s.store.Users(ctx)
}

// CreateUser creates one account (instructors only); an empty password is
// generated and returned in CreatedUser.Password.
func (s *Service) CreateUser(ctx context.Context, viewer User, username, password string, role Role) (CreatedUser, error) {
	out, err := s.CreateUsers(ctx, viewer, []UserSpec{{Username: username, Password: password}}, role)
	if err != nil {
		return CreatedUser{}, err
	}
	return out[0], nil
}

// UserSpec is an account to create; an empty Password is generated.
type UserSpec struct {
	Username string
	Password string
	Line     int // the CSV line it came from, for messages; 0 if none
}

// CreateUsers creates accounts with role, all or none (instructors only).
func (s *Service) CreateUsers(ctx context.Context, viewer User, specs []UserSpec, role Role) ([]CreatedUser, error) {
	if err := requireAccountManager(viewer); err != nil {
		return nil, err
	}
	if role == "" {
		role = RoleStudent
	}
	if err := validRole(role); err != nil {
		return nil, err
	}
	if len(specs) == 0 {
		return nil, Errorf(EINVALID, "no accounts to create")
	}
	if len(specs) > MaxBulkUsers {
		return nil, Errorf(EINVALID, "at most %d accounts at once", MaxBulkUsers)
	}
	out := make([]CreatedUser, len(specs))
	seen := map[string]int{}
	for i, sp := range specs {
		where := ""
		if sp.Line > 0 {
			where = "line " + itoa(sp.Line) + ": "
		}
		if err := validUsername(sp.Username); err != nil {
			return nil, Errorf(EINVALID, "%s%s", where, ErrorMessage(err))
		}
		key := strings.ToLower(sp.Username)
		if j, dup := seen[key]; dup {
			return nil, Errorf(EINVALID, "%sthe username %q is listed twice (also %s)", where, sp.Username, specWhere(specs[j], j))
		}
		seen[key] = i
		pw := sp.Password
		if pw == "" {
			pw = NewPassword()
			out[i].Password = pw
		} else if err := validPassword(pw); err != nil {
			return nil, Errorf(EINVALID, "%s%s", where, ErrorMessage(err))
		}
		specs[i].Password = pw
	}
	hashes, err := s.hashAll(specs)
	if err != nil {
		return nil, err
	}
	rows := make([]NewUser, len(specs))
	for i, sp := range specs {
		rows[i] = NewUser{User: User{Username: sp.Username, Role: role}, PasswordHash: hashes[i]}
	}
	users, err := s.store.CreateUsers(ctx, rows)
	if err != nil {
		return nil, err
	}
	for i, u := range users {
		out[i].User = u
	}
	return out, nil
}

func specWhere(sp UserSpec, i int) string {
	if sp.Line > 0 {
		return "line " + itoa(sp.Line)
	}
	return "entry " + itoa(i+1)
}

// hashAll hashes the passwords on every core: bcrypt takes tens of
// milliseconds each, and a class list has hundreds.
func (s *Service) hashAll(specs []UserSpec) ([][]byte, error) {
	hashes := make([][]byte, len(specs))
	errs := make([]error, len(specs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.NumCPU(), len(specs))) {
		wg.Go(func() {
			for i := range next {
				hashes[i], errs[i] = bcrypt.GenerateFromPassword([]byte(specs[i].Password), s.cfg.BcryptCost)
			}
		})
	}
	for i := range specs {
		next <- i
	}
	close(next)
	wg.Wait()
	return hashes, errors.Join(errs...)
}

// ParseUserCSV reads a class list: one account per line, "username" or
// "username,password"; a first line whose first cell is "username" is a
// header. Blank lines are skipped.
func ParseUserCSV(r io.Reader) ([]UserSpec, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []UserSpec
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, Errorf(EINVALID, "line %d: %s", pe.Line, pe.Err)
			}
			return nil, err
		}
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		if len(rec) == 1 && rec[0] == "" {
			continue
		}
		if len(out) == 0 && strings.EqualFold(strings.TrimPrefix(rec[0], "\ufeff"), "username") {
			continue
		}
		if len(rec) > 2 {
			return nil, Errorf(EINVALID, "line %d: expected username[,password], found %d fields", line, len(rec))
		}
		sp := UserSpec{Username: strings.TrimPrefix(rec[0], "\ufeff"), Line: line}
		if len(rec) == 2 {
			sp.Password = rec[1]
		}
		out = append(out, sp)
		if len(out) > MaxBulkUsers {
			return nil, Errorf(EINVALID, "at most %d accounts at once", MaxBulkUsers)
		}
	}
	if len(out) == 0 {
		return nil, Errorf(EINVALID, "the file lists no account")
	}
	return out, nil
}

// ResetPassword sets another account's password (instructors only) and ends
// every session of that account. An empty password is generated and
// returned.
func (s *Service) ResetPassword(ctx context.Context, viewer User, id int64, password string) (string, error) {
	if err := requireAccountManager(viewer); err != nil {
		return "", err
	}
	if _, err := s.store.UserByID(ctx, id); err != nil {
		return "", err
	}
	return s.setPassword(ctx, id, password, nil)
}

// ResetPasswordByName sets a password for the operator at the command line,
// who has no account to act as; an empty password is generated and
// returned. Every session of the account ends.
func (s *Service) ResetPasswordByName(ctx context.Context, username, password string) (User, string, error) {
	u, _, err := s.store.UserByName(ctx, username)
	if ErrorCode(err) == ENOTFOUND {
		return User{}, "", Errorf(ENOTFOUND, "there is no account %q", username)
	}
	if err != nil {
		return User{}, "", err
	}
	pw, err := s.setPassword(ctx, u.ID, password, nil)
	return u, pw, err
}

func (s *Service) setPassword(ctx context.Context, id int64, password string, keep []byte) (string, error) {
	generated := ""
	if password == "" {
		password = NewPassword()
		generated = password
	} else if err := validPassword(password); err != nil {
		return "", err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), s.cfg.BcryptCost)
	if err != nil {
		return "", err
	}
	return generated, s.store.SetPassword(ctx, id, hash, keep)
}

// ChangePassword changes the viewer's own password after checking the old
// one; every other session of the account ends, the one of currentToken
// (the request's token or session, may be "") stays.
func (s *Service) ChangePassword(ctx context.Context, viewer User, currentToken, oldPassword, newPassword string) error {
	if viewer.Anonymous() {
		return deny(viewer, "")
	}
	if newPassword == "" {
		return Errorf(EINVALID, "the new password is empty")
	}
	if err := validPassword(newPassword); err != nil {
		return err
	}
	if _, err := s.Authenticate(ctx, viewer.Username, oldPassword); err != nil {
		if ErrorCode(err) == EUNAUTHORIZED {
			return Errorf(EFORBIDDEN, "the old password is wrong")
		}
		return err
	}
	var keep []byte
	if currentToken != "" {
		keep = tokenHash(currentToken)
	}
	_, err := s.setPassword(ctx, viewer.ID, newPassword, keep)
	return err
}

// UpdateUser changes another account's role or disables it (instructors
// only). A disabled account cannot log in and its tokens stop working at
// once. ECONFLICT when no enabled instructor would remain.
func (s *Service) UpdateUser(ctx context.Context, viewer User, id int64, p UserPatch) (User, error) {
	if err := requireAccountManager(viewer); err != nil {
		return User{}, err
	}
	u, err := s.store.UserByID(ctx, id)
	if err != nil {
		return User{}, err
	}
	role, disabled := u.Role, u.Disabled
	if p.Role != nil {
		if err := validRole(*p.Role); err != nil {
			return User{}, err
		}
		role = *p.Role
	}
	if p.Disabled != nil {
		disabled = *p.Disabled
	}
	out, err := s.store.UpdateUser(ctx, id, role, disabled)
	if ErrorCode(err) == ECONFLICT {
		if id == viewer.ID {
			return User{}, Errorf(ECONFLICT, "you are the last instructor: make another account instructor before you demote or disable your own")
		}
		return User{}, Errorf(ECONFLICT, "%s is the last instructor: make another account instructor first", u.Username)
	}
	return out, err
}

func requireAccountManager(viewer User) error {
	if !CanManageAccounts(viewer) {
		return deny(viewer, "only an instructor may manage accounts")
	}
	return nil
}
