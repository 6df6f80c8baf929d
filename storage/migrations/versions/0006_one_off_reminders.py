"""one_off_reminders: a reminder asked for once in chat (3小时后提醒我喂药), delivered once to its chat

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 12:40:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel
import storage.types


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('one_off_reminders',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('family_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('platform', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('chat_id', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
    sa.Column('due_at', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('about', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True),
    sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('message_id', sa.Integer(), nullable=True),
    sa.Column('record_id', sa.Integer(), nullable=True),
    sa.Column('created_at', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('closed_at', storage.types.UTCDateTime(timezone=True), nullable=True),
    sa.Column('closed_by', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['closed_by'], ['members.id'], ),
    sa.ForeignKeyConstraint(['family_id'], ['families.id'], ),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], ),
    sa.ForeignKeyConstraint(['message_id'], ['messages.id'], ),
    sa.ForeignKeyConstraint(['record_id'], ['records.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('one_off_reminders', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_one_off_reminders_family_id'), ['family_id'], unique=False)
        batch_op.create_index('ix_one_off_reminders_pending_due', ['state', 'due_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('one_off_reminders', schema=None) as batch_op:
        batch_op.drop_index('ix_one_off_reminders_pending_due')
        batch_op.drop_index(batch_op.f('ix_one_off_reminders_family_id'))
    op.drop_table('one_off_reminders')
