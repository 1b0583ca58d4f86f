package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// CreateToken stores the hash of a new API token t of t.UserID.
func (d *DB) CreateToken(ctx context.Context, t judge.Token, tokenHash []byte) (judge.Token, error) {
	row := tokenRow{UserID: t.UserID, Hash: tokenHash, Name: t.Name, ExpiresAt: t.ExpiresAt}
	if err := d.db.WithContext(ctx).Create(&row).Error; err != nil {
		return judge.Token{}, d.fail(err, "token")
	}
	return row.domain(), nil
}

// DeleteToken deletes the token with that hash.
func (d *DB) DeleteToken(ctx context.Context, tokenHash []byte) error {
	return d.deleted(d.db.WithContext(ctx).Where("hash = ?", tokenHash).Delete(&tokenRow{}))
}

// DeleteUserToken deletes token id of userID; ENOTFOUND when userID has none
// with that id.
func (d *DB) DeleteUserToken(ctx context.Context, userID, id int64) error {
	return d.deleted(d.db.WithContext(ctx).Where("id = ? AND user_id = ?", id, userID).Delete(&tokenRow{}))
}

// DeleteExpiredTokens deletes the tokens of userID that expired before now;
// a token without an expiry counts as expiring at createdBefore's age.
func (d *DB) DeleteExpiredTokens(ctx context.Context, userID int64, now, createdBefore time.Time) error {
	err := d.db.WithContext(ctx).
		Where("user_id = ? AND (expires_at < ? OR (expires_at IS NULL AND created_at < ?))", userID, now, createdBefore).
		Delete(&tokenRow{}).Error
	return d.fail(err, "tokens")
}

func (d *DB) deleted(res *gorm.DB) error {
	if res.Error != nil {
		return d.fail(res.Error, "token")
	}
	if res.RowsAffected == 0 {
		return judge.Errorf(judge.ENOTFOUND, "token not found")
	}
	return nil
}

// TokenByHash returns the token with that hash and its owner.
func (d *DB) TokenByHash(ctx context.Context, tokenHash []byte) (judge.User, judge.Token, error) {
	var tok tokenRow
	if err := d.db.WithContext(ctx).Where("hash = ?", tokenHash).Take(&tok).Error; err != nil {
		return judge.User{}, judge.Token{}, d.fail(err, "token")
	}
	var u userRow
	if err := d.db.WithContext(ctx).Take(&u, tok.UserID).Error; err != nil {
		return judge.User{}, judge.Token{}, d.fail(err, "token")
	}
	return u.domain(), tok.domain(), nil
}

// TouchToken records a use of token id and its new expiry.
func (d *DB) TouchToken(ctx context.Context, id int64, usedAt, expiresAt time.Time) error {
	err := d.db.WithContext(ctx).Model(&tokenRow{}).Where("id = ?", id).
		Updates(map[string]any{"last_used_at": usedAt, "expires_at": expiresAt}).Error
	return d.fail(err, "token")
}

// Tokens lists the tokens of userID, newest first.
func (d *DB) Tokens(ctx context.Context, userID int64) ([]judge.Token, error) {
	var rows []tokenRow
	if err := d.db.WithContext(ctx).Where("user_id = ?", userID).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, d.fail(err, "tokens")
	}
	return fromRows[judge.Token](rows), nil
}
