"""inbox: incoming updates kept before they are acknowledged (the WeCom callback); outbox.waiting_for:
sends that wait for a member's next message or a new login (personal WeChat)

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-08 10:00:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel
import storage.types


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('inbox',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('platform', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('delivery_key', sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
    sa.Column('payload', sa.JSON(), nullable=False),
    sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('received_at', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('next_attempt_at', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('finished_at', storage.types.UTCDateTime(timezone=True), nullable=True),
    sa.Column('last_error', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('platform', 'delivery_key', name='uq_inbox_delivery')
    )
    with op.batch_alter_table('inbox', schema=None) as batch_op:
        batch_op.create_index('ix_inbox_pending', ['state', 'next_attempt_at'], unique=False)
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.add_column(sa.Column('waiting_for', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_column('waiting_for')
    with op.batch_alter_table('inbox', schema=None) as batch_op:
        batch_op.drop_index('ix_inbox_pending')
    op.drop_table('inbox')
