"""A identidade do órgão (nome, brasão, contatos, aviso de privacidade): gravada com o registro
de auditoria do que mudou, na cadeia sem certame."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar

from .models import Orgao

# Os campos de texto, como o registro os nomeia; o brasão e o aviso entram à parte (longos).
CAMPOS = (
    ("nome", "nome"),
    ("subordinacao", "subordinação"),
    ("endereco", "endereço"),
    ("telefone", "telefone"),
    ("email", "e-mail"),
    ("sitio", "sítio oficial"),
    ("ouvidoria", "ouvidoria"),
    ("ouvidoria_url", "endereço da ouvidoria"),
)


def _mudancas(antes: Orgao, depois: Orgao) -> list[str]:
    mudancas = [
        f"{rotulo}: “{getattr(antes, campo)}” → “{getattr(depois, campo)}”"
        for campo, rotulo in CAMPOS
        if getattr(antes, campo) != getattr(depois, campo)
    ]
    antes_brasao = bytes(antes.brasao) if antes.brasao else b""
    depois_brasao = bytes(depois.brasao) if depois.brasao else b""
    if antes_brasao != depois_brasao:
        mudancas.append(
            "brasão removido"
            if not depois_brasao
            else f"brasão {'trocado' if antes_brasao else 'definido'} "
            f"({depois.brasao_tipo}, {len(depois_brasao) // 1024 or 1} KB)"
        )
    if antes.aviso_privacidade != depois.aviso_privacidade:
        mudancas.append(
            f"aviso de privacidade reescrito ({len(antes.aviso_privacidade)} → "
            f"{len(depois.aviso_privacidade)} caracteres)"
        )
    return mudancas


@transaction.atomic
def orgao_salvar(*, usuario: User, orgao: Orgao) -> list[str]:
    """Grava a identidade editada (`orgao`, ainda não salvo) e registra o que mudou; devolve as
    mudanças (vazio: nada mudou, nada gravado)."""
    antes = Orgao.objects.select_for_update().get_or_create(pk=1)[0]
    mudancas = _mudancas(antes, orgao)
    if not mudancas:
        return []
    orgao.pk = 1
    orgao.save()
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.IDENTIDADE_DO_ORGAO_ALTERADA,
        descricao="Identidade do órgão alterada: " + "; ".join(mudancas) + ".",
        dados={"campos": [c for c, _ in CAMPOS if getattr(antes, c) != getattr(orgao, c)]},
    )
    return mudancas
