package store

import (
	"context"

	"puzzlejudge/judge"
)

// CreateUser stores a user with its password hash.
func (d *DB) CreateUser(ctx context.Context, u judge.User, passwordHash []byte) (judge.User, error) {
	row := userRow{Username: u.Username, Role: string(u.Role), PasswordHash: passwordHash}
	if err := d.db.WithContext(ctx).Create(&row).Error; err != nil {
		return judge.User{}, d.fail(err, "user "+u.Username)
	}
	return row.domain(), nil
}

// UserByName returns a user and its password hash.
func (d *DB) UserByName(ctx context.Context, username string) (judge.User, []byte, error) {
	var row userRow
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

// CreateToken stores the hash of an API token.
func (d *DB) CreateToken(ctx context.Context, userID int64, tokenHash []byte) error {
	return d.fail(d.db.WithContext(ctx).Create(&tokenRow{UserID: userID, Hash: tokenHash}).Error, "token")
}

// DeleteToken deletes the token with that hash.
func (d *DB) DeleteToken(ctx context.Context, tokenHash []byte) error {
	res := d.db.WithContext(ctx).Where("hash = ?", tokenHash).Delete(&tokenRow{})
	if res.Error != nil {
		return d.fail(res.Error, "token")
	}
	if res.RowsAffected == 0 {
		return judge.Errorf(judge.ENOTFOUND, "token not found")
	}
	return nil
}

// UserByTokenHash returns the owner of the token with that hash.
func (d *DB) UserByTokenHash(ctx context.Context, tokenHash []byte) (judge.User, error) {
	var row userRow
	err := d.db.WithContext(ctx).
		Joins("JOIN api_tokens ON api_tokens.user_id = users.id").
		Where("api_tokens.hash = ?", tokenHash).Take(&row).Error
	if err != nil {
		return judge.User{}, d.fail(err, "token")
	}
	return row.domain(), nil
}
