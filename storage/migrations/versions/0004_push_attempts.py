"""summary_claims.attempted_at and attempts: a push records its send attempt before calling the platform

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 11:10:00
"""
from alembic import op
import sqlalchemy as sa
import storage.types


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('summary_claims', schema=None) as batch_op:
        batch_op.add_column(sa.Column('attempted_at', storage.types.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('attempts', sa.Integer(), server_default='0', nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('summary_claims', schema=None) as batch_op:
        batch_op.drop_column('attempts')
        batch_op.drop_column('attempted_at')
