"""join_requests (a right family code waits for a parent) and join_attempts (wrong codes per sender and chat)

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06 10:00:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel
import storage.types


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('join_requests',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('family_id', sa.Integer(), nullable=False),
    sa.Column('platform', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('chat_id', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
    sa.Column('chat_kind', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('platform_user_id', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
    sa.Column('display_name', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
    sa.Column('created_at', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('decided_at', storage.types.UTCDateTime(timezone=True), nullable=True),
    sa.Column('decided_by', sa.Integer(), nullable=True),
    sa.Column('admitted_as', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
    sa.ForeignKeyConstraint(['decided_by'], ['members.id'], ),
    sa.ForeignKeyConstraint(['family_id'], ['families.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('join_requests', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_join_requests_family_id'), ['family_id'], unique=False)
        batch_op.create_index('ix_join_requests_chat', ['platform', 'chat_id'], unique=False)
    op.create_table('join_attempts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('platform', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('scope', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
    sa.Column('window_start', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('failures', sa.Integer(), nullable=False),
    sa.Column('limited_at', storage.types.UTCDateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('platform', 'scope', 'key', 'window_start', name='uq_join_attempt_window')
    )
    with op.batch_alter_table('join_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_join_attempts_window_start'), ['window_start'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('join_attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_join_attempts_window_start'))
    op.drop_table('join_attempts')
    with op.batch_alter_table('join_requests', schema=None) as batch_op:
        batch_op.drop_index('ix_join_requests_chat')
        batch_op.drop_index(batch_op.f('ix_join_requests_family_id'))
    op.drop_table('join_requests')
