"""Indexes for the window, not the history: records by family and time, by family and creation, the
open sleeps (partial), messages by family and id — a turn's reads are range scans

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 12:40:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

OPEN_SLEEP = "type = 'sleep' AND \"end\" IS NULL AND deleted_at IS NULL"


def upgrade() -> None:
    op.create_index('ix_records_family_start', 'records', ['family_id', 'start'])
    op.create_index('ix_records_family_created', 'records', ['family_id', 'created_at'])
    op.create_index('ix_records_open_sleep', 'records', ['family_id', 'start'],
                    sqlite_where=sa.text(OPEN_SLEEP), postgresql_where=sa.text(OPEN_SLEEP))
    op.create_index('ix_messages_family_id', 'messages', ['family_id', 'id'])


def downgrade() -> None:
    op.drop_index('ix_messages_family_id', table_name='messages')
    op.drop_index('ix_records_open_sleep', table_name='records')
    op.drop_index('ix_records_family_created', table_name='records')
    op.drop_index('ix_records_family_start', table_name='records')
