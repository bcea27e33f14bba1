"""O vocabulário das ações de auditoria (`cotas_web.auditoria.acoes.AcaoAuditada`).

Cada ação tem uma dobra na reencenação ou é declarada como ação que não muda o que se
reencena; quem escreve só escreve membros da enumeração; e o texto gravado de cada ação nunca
muda, porque o selo dos registros antigos o cobre.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from cotas_web.auditoria import pelo_registro
from cotas_web.auditoria.acoes import AcaoAuditada, acao_gravada
from cotas_web.auditoria.services import registrar

WEB = Path(__file__).resolve().parents[2] / "src" / "cotas_web"

# O texto gravado por cada ação desde sempre (os registros antigos o têm, e o selo o cobre):
# uma ação nova acrescenta o seu; nenhum destes muda nem sai.
GRAVADOS = {
    "candidatos_importados",
    "importacao_removida",
    "importacao_substituida",
    "candidato_corrigido",
    "fraude_aberto",
    "fraude_defesa",
    "fraude_decidido",
    "fraude_encaminhado",
    "verificacao_documental",
    "certame_criado",
    "cargo_adicionado",
    "certame_homologado",
    "certame_publicado",
    "certame_arquivado",
    "certame_corrigido",
    "certame_retificado",
    "vagas_edital",
    "vagas_novas",
    "vagas_sem_efeito",
    "nomeacao",
    "nomeacao_sem_efeito",
    "posse",
    "desistencia",
    "sem_posse",
    "desistencia_sem_efeito",
    "final_de_fila",
    "comissao_membro",
    "comissao_sessao",
    "comissao_convocacao",
    "comissao_verificacao",
    "comissao_gravacao",
    "comissao_ata",
    "comissao_recurso",
    "comissao_recurso_decidido",
    "comissao_parecer_sem_efeito",
    "comissao_recurso_sem_efeito",
    "usuario_criado",
    "usuario_editado",
    "usuario_desativado",
    "usuario_reativado",
    "papel_dado",
    "papel_tirado",
    "designacao",
    "designacao_desfeita",
    "senha_provisoria",
    "senha_redefinida",
    "senha_trocada",
    "orgao_identidade",
    "auditoria_selo_com_chave",
    # as dos ramos juntados depois da enumeração (registros de auditoria já gravados com elas)
    "comissao_sessao_encerrada",
    "modelo_de_texto",
    "arquivo_publicado",
    "auditoria_chave_trocada",
    "certame_edital",
}


def test_toda_acao_tem_dobra_ou_e_declarada_sem_dobra() -> None:
    dobradas = set(pelo_registro.DOBRAS)
    assert not dobradas & pelo_registro.NAO_DOBRADAS
    assert dobradas | pelo_registro.NAO_DOBRADAS == set(AcaoAuditada)
    assert len(AcaoAuditada) == 54


def test_os_textos_gravados_nunca_mudam() -> None:
    assert {a.value for a in AcaoAuditada} == GRAVADOS
    for texto in GRAVADOS:
        assert acao_gravada(texto) == AcaoAuditada(texto)
    assert acao_gravada("acao_que_ninguem_grava") is None


def test_as_partes_sem_fatos_sao_as_de_antes_da_tabela() -> None:
    """A parte de cada ação num registro sem fatos, como o if-chain a dava."""
    assert pelo_registro.PARTES == {
        "candidatos_importados": "candidatos",
        "importacao_removida": "candidatos",
        "importacao_substituida": "candidatos",
        "candidato_corrigido": "candidatos",
        "nomeacao": "nomeações",
        "posse": "nomeações",
        "sem_posse": "nomeações",
        "final_de_fila": "nomeações",
        "vagas_edital": "vagas",
        "vagas_novas": "vagas",
        "comissao_convocacao": "pareceres",
        "comissao_verificacao": "pareceres",
        "comissao_recurso_decidido": "pareceres",
        "verificacao_documental": "pareceres",
        "fraude_decidido": "nomeações",
        "certame_homologado": "homologação",
        "nomeacao_sem_efeito": "nomeações",
        "vagas_sem_efeito": "vagas",
        "comissao_parecer_sem_efeito": "pareceres",
        "comissao_recurso_sem_efeito": "pareceres",
    }


def _membro(no: ast.expr) -> bool:
    """`AcaoAuditada.X`, ou uma escolha entre dois deles (`A.X if ... else A.Y`)."""
    if isinstance(no, ast.IfExp):
        return _membro(no.body) and _membro(no.orelse)
    return (
        isinstance(no, ast.Attribute)
        and isinstance(no.value, ast.Name)
        and no.value.id == "AcaoAuditada"
    )


def test_nenhum_ato_escreve_uma_acao_solta() -> None:
    """Todo `registrar(...)` da aplicação passa um membro de AcaoAuditada, nunca um texto."""
    chamadas, soltas = 0, []
    for arquivo in sorted(WEB.rglob("*.py")):
        if "migrations" in arquivo.parts:
            continue
        for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8"))):
            if not (
                isinstance(no, ast.Call)
                and isinstance(no.func, ast.Name)
                and no.func.id == "registrar"
            ):
                continue
            chamadas += 1
            acao = next((k.value for k in no.keywords if k.arg == "acao"), None)
            if acao is None or not _membro(acao):
                soltas.append(f"{arquivo.relative_to(WEB)}, linha {no.lineno}")
    assert soltas == []
    assert chamadas == 53


@pytest.mark.django_db
def test_registrar_recusa_um_texto(rita: Any) -> None:
    acao: Any = "nomeacao"  # (o mesmo texto, mas solto: quem escreve usa a enumeração)
    with transaction.atomic(), pytest.raises(TypeError, match="AcaoAuditada"):
        registrar(usuario=rita, certame=None, acao=acao, descricao="texto solto")
