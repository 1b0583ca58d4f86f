package store

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"puzzlejudge/judge"
)

// Users returns every account, by id.
func (d *DB) Users(ctx context.Context) ([]judge.User, error) {
	var rows []userRow
	if err := d.db.WithContext(ctx).Omit("password_hash").Order("id").Find(&rows).Error; err != nil {
		return nil, d.fail(err, "users")
	}
	return fromRows[judge.User](rows), nil
}

// UserByID returns one account.
func (d *DB) UserByID(ctx context.Context, id int64) (judge.User, error) {
	var row userRow
	if err := d.db.WithContext(ctx).Omit("password_hash").Take(&row, id).Error; err != nil {
		return judge.User{}, d.fail(err, "user")
	}
	return row.domain(), nil
}

// CreateUsers stores accounts in one transaction, all or none.
func (d *DB) CreateUsers(ctx context.Context, users []judge.NewUser) ([]judge.User, error) {
	out := make([]judge.User, len(users))
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for i, u := range users {
			key := usernameKey(u.Username)
			row := userRow{Username: u.Username, UsernameKey: &key, Role: string(u.Role), PasswordHash: u.PasswordHash}
			// As CreateUser: names are unique case-insensitively, also
			// against the NULL keys of an older database.
			var n int64
			if err := tx.Model(&userRow{}).Where("LOWER(username) = ?", key).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return judge.Errorf(judge.ECONFLICT, "the username %q is taken", u.Username)
			}
			if err := tx.Create(&row).Error; err != nil {
				if e := d.fail(err, "user"); judge.ErrorCode(e) == judge.ECONFLICT {
					return judge.Errorf(judge.ECONFLICT, "the username %q is taken", u.Username)
				}
				return err
			}
			out[i] = row.domain()
		}
		return nil
	})
	if judge.ErrorCode(err) == judge.ECONFLICT {
		return nil, err
	}
	if err != nil {
		return nil, d.fail(err, "users")
	}
	return out, nil
}

// SetPassword replaces a password hash and deletes the account's tokens but
// keep.
func (d *DB) SetPassword(ctx context.Context, id int64, passwordHash, keep []byte) error {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&userRow{}).Where("id = ?", id).Update("password_hash", passwordHash)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		q := tx.Where("user_id = ?", id)
		if keep != nil {
			q = q.Where("hash <> ?", keep)
		}
		return q.Delete(&tokenRow{}).Error
	})
	return d.fail(err, "user")
}

// UpdateUser sets role and disabled in one transaction that fails with
// ECONFLICT, writing nothing, when no enabled instructor would remain.
func (d *DB) UpdateUser(ctx context.Context, id int64, role judge.Role, disabled bool) (judge.User, error) {
	var out userRow
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if d.postgres {
			// Two instructors demoting each other at once must not both
			// see the other one still there.
			var ids []int64
			if err := tx.Model(&userRow{}).Clauses(clause.Locking{Strength: "UPDATE"}).
				Where("role = ?", string(judge.RoleInstructor)).Pluck("id", &ids).Error; err != nil {
				return err
			}
		}
		res := tx.Model(&userRow{}).Where("id = ?", id).Updates(map[string]any{"role": string(role), "disabled": disabled})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		var n int64
		if err := tx.Model(&userRow{}).Where("role = ? AND disabled = ?", string(judge.RoleInstructor), false).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return judge.Errorf(judge.ECONFLICT, "no enabled instructor would remain")
		}
		if disabled {
			if err := tx.Where("user_id = ?", id).Delete(&tokenRow{}).Error; err != nil {
				return err
			}
		}
		return tx.Omit("password_hash").Take(&out, id).Error
	})
	if judge.ErrorCode(err) == judge.ECONFLICT {
		return judge.User{}, err
	}
	if err != nil {
		return judge.User{}, d.fail(err, "user")
	}
	return out.domain(), nil
}

// SetPreferences stores a user's page language and time zone.
func (d *DB) SetPreferences(ctx context.Context, id int64, language, timeZone string) (judge.User, error) {
	var out userRow
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&userRow{}).Where("id = ?", id).Updates(map[string]any{"language": language, "time_zone": timeZone})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		return tx.Omit("password_hash").Take(&out, id).Error
	})
	if err != nil {
		return judge.User{}, d.fail(err, "user")
	}
	return out.domain(), nil
}
