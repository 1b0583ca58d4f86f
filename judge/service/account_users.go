package service

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/csv"
	"errors"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"puzzlejudge/judge"

	"golang.org/x/crypto/bcrypt"
)

// accountsOnly is the refusal of CanManageAccounts.
const accountsOnly = "only an instructor may manage accounts"

// NewPassword returns a random password of 16 URL-safe characters.
func NewPassword() string {
	var raw [12]byte
	rand.Read(raw[:])
	return base64.RawURLEncoding.EncodeToString(raw[:])
}

func validPassword(pw string) error {
	if n := len(pw); n < judge.MinPassword || n > judge.MaxPassword {
		return judge.Errort(judge.EINVALID, "password_length", "the password must have {Min} to {Max} bytes", "Min", judge.MinPassword, "Max", judge.MaxPassword)
	}
	return nil
}

func validRole(r judge.Role) error {
	if r != judge.RoleStudent && r != judge.RoleInstructor {
		return judge.Errorf(judge.EINVALID, "unknown role %q (want student or instructor)", r)
	}
	return nil
}

// Users lists every account (instructors only).
func (s *Service) Users(ctx context.Context, viewer judge.User) ([]judge.User, error) {
	if err := judge.Allow(viewer, judge.CanManageAccounts(viewer), accountsOnly); err != nil {
		return nil, err
	}
	return s.store.Users(ctx)
}

// CreateUser creates one account (instructors only); an empty password is
// generated and returned in CreatedUser.Password.
func (s *Service) CreateUser(ctx context.Context, viewer judge.User, username, password string, role judge.Role) (judge.CreatedUser, error) {
	out, err := s.CreateUsers(ctx, viewer, []judge.UserSpec{{Username: username, Password: password}}, role)
	if err != nil {
		return judge.CreatedUser{}, err
	}
	return out[0], nil
}

// CreateUsers creates accounts with role, all or none (instructors only).
func (s *Service) CreateUsers(ctx context.Context, viewer judge.User, specs []judge.UserSpec, role judge.Role) ([]judge.CreatedUser, error) {
	if err := judge.Allow(viewer, judge.CanManageAccounts(viewer), accountsOnly); err != nil {
		return nil, err
	}
	if role == "" {
		role = judge.RoleStudent
	}
	if err := validRole(role); err != nil {
		return nil, err
	}
	if len(specs) == 0 {
		return nil, judge.Errort(judge.EINVALID, "accounts_none", "no accounts to create")
	}
	if len(specs) > judge.MaxBulkUsers {
		return nil, judge.Errort(judge.EINVALID, "accounts_too_many", "at most {Max} accounts at once", "Max", judge.MaxBulkUsers)
	}
	out := make([]judge.CreatedUser, len(specs))
	seen := map[string]int{}
	for i, sp := range specs {
		if err := validUsername(sp.Username); err != nil {
			return nil, onLine(sp.Line, err)
		}
		key := strings.ToLower(sp.Username)
		if j, dup := seen[key]; dup {
			if sp.Line > 0 {
				return nil, judge.Errort(judge.EINVALID, "accounts_twice_line", "line {Line}: the username {Username} is listed twice (also {Also})",
					"Line", sp.Line, "Username", strconv.Quote(sp.Username), "Also", specWhere(specs[j], j))
			}
			return nil, judge.Errort(judge.EINVALID, "accounts_twice", "the username {Username} is listed twice (also {Also})",
				"Username", strconv.Quote(sp.Username), "Also", specWhere(specs[j], j))
		}
		seen[key] = i
		pw := sp.Password
		if pw == "" {
			pw = NewPassword()
			out[i].Password = pw
		} else if err := validPassword(pw); err != nil {
			return nil, onLine(sp.Line, err)
		}
		specs[i].Password = pw
	}
	hashes, err := s.hashAll(specs)
	if err != nil {
		return nil, err
	}
	rows := make([]judge.NewUser, len(specs))
	for i, sp := range specs {
		rows[i] = judge.NewUser{User: judge.User{Username: sp.Username, Role: role}, PasswordHash: hashes[i]}
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

// specWhere names where account i was first listed, an argument of
// Errort: its line of a file, else its place in the list.
func specWhere(sp judge.UserSpec, i int) error {
	if sp.Line > 0 {
		return judge.Errort(judge.EINVALID, "accounts_at_line", "line {Line}", "Line", sp.Line)
	}
	return judge.Errort(judge.EINVALID, "accounts_at_entry", "entry {Entry}", "Entry", i+1)
}

// csvReasons are the errors of encoding/csv that a class list may meet,
// said as Errort nouns of the errors catalogue; their Message is the
// error's text word for word (account_users_test.go).
var csvReasons = map[error]*judge.Error{
	csv.ErrBareQuote: judge.Errort(judge.EINVALID, "csv_bare_quote", `bare " in non-quoted-field`),
	csv.ErrQuote:     judge.Errort(judge.EINVALID, "csv_quote", `extraneous or missing " in quoted-field`),
}

// hashAll hashes the passwords on every core: bcrypt takes tens of
// milliseconds each, and a class list has hundreds.
func (s *Service) hashAll(specs []judge.UserSpec) ([][]byte, error) {
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
func ParseUserCSV(r io.Reader) ([]judge.UserSpec, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []judge.UserSpec
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				var why any = pe.Err.Error()
				if r, ok := csvReasons[pe.Err]; ok && r.Message == pe.Err.Error() {
					why = r
				}
				return nil, judge.Errort(judge.EINVALID, "accounts_csv", "line {Line}, column {Column}: {Err}", "Line", pe.Line, "Column", pe.Column, "Err", why)
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0) // only after a record was read: it panics after a parse error
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
			_, column := cr.FieldPos(2) // the first field too many
			return nil, judge.Errort(judge.EINVALID, "accounts_fields", "line {Line}, column {Column}: expected username[,password], found {Fields} fields", "Line", line, "Column", column, "Fields", len(rec))
		}
		sp := judge.UserSpec{Username: strings.TrimPrefix(rec[0], "\ufeff"), Line: line}
		if len(rec) == 2 {
			sp.Password = rec[1]
		}
		out = append(out, sp)
		if len(out) > judge.MaxBulkUsers {
			return nil, judge.Errort(judge.EINVALID, "accounts_too_many", "at most {Max} accounts at once", "Max", judge.MaxBulkUsers)
		}
	}
	if len(out) == 0 {
		return nil, judge.Errort(judge.EINVALID, "accounts_file_empty", "the file lists no account")
	}
	return out, nil
}

// ResetPassword sets another account's password (instructors only) and ends
// every session of that account. An empty password is generated and
// returned.
func (s *Service) ResetPassword(ctx context.Context, viewer judge.User, id int64, password string) (string, error) {
	if _, err := s.managedUser(ctx, viewer, id); err != nil {
		return "", err
	}
	return s.setPassword(ctx, id, password, nil)
}

// managedUser returns account id for a viewer who manages accounts
// (judge.CanManageAccounts); the refusal comes before the read, so that
// one who may not learns nothing of which accounts exist.
func (s *Service) managedUser(ctx context.Context, viewer judge.User, id int64) (judge.User, error) {
	if err := judge.Allow(viewer, judge.CanManageAccounts(viewer), accountsOnly); err != nil {
		return judge.User{}, err
	}
	return s.store.UserByID(ctx, id)
}

// ResetPasswordByName sets a password for the operator at the command line,
// who has no account to act as; an empty password is generated and
// returned. Every session of the account ends.
func (s *Service) ResetPasswordByName(ctx context.Context, username, password string) (judge.User, string, error) {
	u, _, err := s.store.UserByName(ctx, username)
	if judge.ErrorCode(err) == judge.ENOTFOUND {
		return judge.User{}, "", judge.Errorf(judge.ENOTFOUND, "there is no account %q", username)
	}
	if err != nil {
		return judge.User{}, "", err
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
func (s *Service) ChangePassword(ctx context.Context, viewer judge.User, currentToken, oldPassword, newPassword string) error {
	if err := judge.Allow(viewer, judge.CanChangePassword(viewer), ""); err != nil {
		return err
	}
	if newPassword == "" {
		return judge.Errort(judge.EINVALID, "new_password_empty", "the new password is empty")
	}
	if err := validPassword(newPassword); err != nil {
		return err
	}
	if _, err := s.Authenticate(ctx, viewer.Username, oldPassword); err != nil {
		if judge.ErrorCode(err) == judge.EUNAUTHORIZED {
			return judge.Errort(judge.EFORBIDDEN, "old_password_wrong", "the old password is wrong")
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
func (s *Service) UpdateUser(ctx context.Context, viewer judge.User, id int64, p judge.UserPatch) (judge.User, error) {
	u, err := s.managedUser(ctx, viewer, id)
	if err != nil {
		return judge.User{}, err
	}
	role, disabled := u.Role, u.Disabled
	if p.Role != nil {
		if err := validRole(*p.Role); err != nil {
			return judge.User{}, err
		}
		role = *p.Role
	}
	if p.Disabled != nil {
		disabled = *p.Disabled
	}
	out, err := s.store.UpdateUser(ctx, id, role, disabled)
	if judge.ErrorCode(err) == judge.ECONFLICT {
		if id == viewer.ID {
			return judge.User{}, judge.Errort(judge.ECONFLICT, "last_instructor_self", "you are the last instructor: make another account instructor before you demote or disable your own")
		}
		return judge.User{}, judge.Errort(judge.ECONFLICT, "last_instructor", "{User} is the last instructor: make another account instructor first", "User", u.Username)
	}
	return out, err
}

// onLine is err about the account on line of a file (0: not from a file),
// the line named before the message.
func onLine(line int, err error) error {
	if line <= 0 {
		return err
	}
	return judge.Errort(judge.EINVALID, "accounts_line", "line {Line}: {Err}", "Line", line, "Err", err)
}
