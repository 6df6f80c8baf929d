"""One family, several chats: family_chats and family_invites; a family no longer names one chat.

Revision ID: 0002
Revises: 0001
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel
import storage.types


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('family_chats',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('family_id', sa.Integer(), nullable=False),
    sa.Column('platform', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('chat_id', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('linked_at', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['family_id'], ['families.id'], ),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('platform', 'chat_id', name='uq_chat_of_one_family')
    )
    with op.batch_alter_table('family_chats', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_family_chats_family_id'), ['family_id'], unique=False)
    op.create_table('family_invites',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('family_id', sa.Integer(), nullable=False),
    sa.Column('code', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('expires_at', storage.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', storage.types.UTCDateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['created_by'], ['members.id'], ),
    sa.ForeignKeyConstraint(['family_id'], ['families.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('code')
    )
    with op.batch_alter_table('family_invites', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_family_invites_family_id'), ['family_id'], unique=False)
    # every family's one chat becomes its first family chat
    op.execute("INSERT INTO family_chats (family_id, platform, chat_id, kind, linked_at) "
               "SELECT id, platform, chat_id, chat_kind, created_at FROM families")
    with op.batch_alter_table('families', schema=None) as batch_op:
        batch_op.drop_constraint('uq_family_chat', type_='unique')
        batch_op.drop_column('chat_kind')
        batch_op.drop_column('chat_id')
        batch_op.drop_column('platform')


def downgrade() -> None:
    with op.batch_alter_table('families', schema=None) as batch_op:
        batch_op.add_column(sa.Column('platform', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True))
        batch_op.add_column(sa.Column('chat_id', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=True))
        batch_op.add_column(sa.Column('chat_kind', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True))
    op.execute("UPDATE families SET platform = c.platform, chat_id = c.chat_id, chat_kind = c.kind "
               "FROM (SELECT family_id, MIN(id) AS first FROM family_chats GROUP BY family_id) f "
               "JOIN family_chats c ON c.id = f.first WHERE families.id = f.family_id")
    op.drop_table('family_invites')
    op.drop_table('family_chats')
