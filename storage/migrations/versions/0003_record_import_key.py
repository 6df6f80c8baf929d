"""records.import_key: `fawn import` writes each source row once

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 10:00:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('records', schema=None) as batch_op:
        batch_op.add_column(sa.Column('import_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.create_index('uq_records_import_key', ['family_id', 'import_key'], unique=True)


def downgrade() -> None:
    with op.batch_alter_table('records', schema=None) as batch_op:
        batch_op.drop_index('uq_records_import_key')
        batch_op.drop_column('import_key')
