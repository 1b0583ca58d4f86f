package judge

import (
	"context"
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

// UserSpec is an account to create; an empty Password is generated.
type UserSpec struct {
	Username string
	Password string
	Line     int // the CSV line it came from, for messages; 0 if none
}
