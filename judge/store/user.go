package store

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// CreateUser stores a user with its password hash.
func (d *DB) CreateUser(ctx context.Context, u judge.User, passwordHash []byte) (judge.User, error) {
	key := usernameKey(u.Username)
	row := userRow{Username: u.Username, UsernameKey: &key, Role: string(u.Role), PasswordHash: passwordHash}
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Names are unique case-insensitively. The key's unique index keeps
		// two new ones apart even across processes; this look-up also sees
		// the names of a database from before the key (left NULL when two
		// of them already differed only in case).
		var n int64
		if err := tx.Model(&userRow{}).Where("LOWER(username) = ?", key).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return gorm.ErrDuplicatedKey
		}
		return tx.Create(&row).Error
	})
	if err != nil {
		return judge.User{}, d.fail(err, "user "+u.Username)
	}
	return row.domain(), nil
}

// UserByName returns a user and its password hash.
func (d *DB) UserByName(ctx context.Context, username string) (judge.User, []byte, error) {
	var row userRow
	if !storable(username) {
		return judge.User{}, nil, d.fail(gorm.ErrRecordNotFound, "user")
	}
	if err := d.db.WithContext(ctx).Where("username = ?", username).Take(&row).Error; err != nil {
		return judge.User{}, nil, d.fail(err, "user")
	}
	return row.domain(), row.PasswordHash, nil
}

// CountUsers returns the number of users.
func (d *DB) CountUsers(ctx context.Context) (int, error) {
	var n int64
	if err := d.db.WithContext(ctx).Model(&userRow{}).Count(&n).Error; err != nil {
		return 0, d.fail(err, "users")
	}
	return int(n), nil
}

// usernameKey folds a username for the uniqueness check: names are ASCII
// (judge.validUsername), so lower case is the whole folding.
func usernameKey(name string) string { return strings.ToLower(name) }

// backfillUsernameKeys fills the key of the users of a database from before
// it, except for names that already differ only in case: those keep
// working, with a NULL key, and no new variant of them can be added.
func (d *DB) backfillUsernameKeys() error {
	return d.db.Exec(`UPDATE users SET username_key = LOWER(username)
		WHERE username_key IS NULL AND LOWER(username) NOT IN
		(SELECT LOWER(username) FROM users GROUP BY LOWER(username) HAVING COUNT(*) > 1)`).Error
}
