package judge

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	// The zones of LoadTimeZone come with the binary, so that a machine
	// without /usr/share/zoneinfo (a slim container) knows them too.
	_ "time/tzdata"
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
	// SetPreferences stores a user's language and time zone as given
	// (validated by the caller; empty strings clear them).
	SetPreferences(ctx context.Context, id int64, language, timeZone string) (User, error)
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

// UserSpec is an account to create; an empty Password is generated.
type UserSpec struct {
	Username string
	Password string
	Line     int // the CSV line it came from, for messages; 0 if none
}

// Preferences are the settings a user changes for themselves; nil fields
// stay, an empty string clears one.
type Preferences struct {
	Language *string
	TimeZone *string
}

// PageLanguages are the languages the pages are written in, as BCP 47
// tags; the first is the default when nothing else decides.
var PageLanguages = []string{"en", "zh-CN"}

// ValidPageLanguage reports whether lang is one of PageLanguages, or empty
// (no choice).
func ValidPageLanguage(lang string) bool {
	return lang == "" || slices.Contains(PageLanguages, lang)
}

// LoadTimeZone returns the zone of an IANA name (Asia/Shanghai); "" is UTC.
// The error is EINVALID naming the field.
func LoadTimeZone(name string) (*time.Location, error) {
	if name == "" {
		return time.UTC, nil
	}
	// time.LoadLocation reads files for names with "..": refuse them, and
	// anything that is not a plain name, before asking it.
	if len(name) > 64 || strings.Contains(name, "..") || strings.HasPrefix(name, "/") || name == "Local" {
		return nil, Errort(EINVALID, "time_zone", "time_zone: {Name} is not an IANA time zone name (such as Asia/Shanghai)", "Name", strconv.Quote(name))
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, Errort(EINVALID, "time_zone", "time_zone: {Name} is not an IANA time zone name (such as Asia/Shanghai)", "Name", strconv.Quote(name))
	}
	return loc, nil
}
