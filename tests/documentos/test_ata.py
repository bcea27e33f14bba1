"""Ata de sessão da comissão (Montenegro, arts. 3º a 13), a partir de um registro simples."""

from __future__ import annotations

from datetime import date

from cotas.documentos.ata import (
    AvaliacaoAta,
    MembroAta,
    RecursoAta,
    RegistroRecursos,
    SessaoAta,
    ata_sessao,
    registro_recursos,
    resultado_apos_recursos,
)
from cotas.documentos.pagina import html_documento
from cotas.documentos.pdf import para_pdf
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.razoes import Referencia
from cotas.motor.regras import RegraComissao, regras_aplicaveis

from .conftest import exigir_pdf, texto_pdf

MEMBROS = [
    MembroAta("Carlos Souza", "masculino", "preta"),
    MembroAta("Marta Lima", "feminino", "parda"),
    MembroAta("Paulo Reis", "masculino", "branca"),
]


def _regra() -> RegraComissao:
    """A comissão da lei do exemplo, como a aplicação web a passa."""
    regras = regras_aplicaveis(
        catalogo_padrao(),
        lei_id="montenegro-rs/lei-7344-2025",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
    )
    assert regras.comissao is not None
    return regras.comissao


def _referencias() -> dict[str, Referencia]:
    """Os dispositivos da comissão na lei do exemplo, como a aplicação web os passa."""
    return dict(_regra().referencias)


def sessao() -> SessaoAta:
    return SessaoAta(
        referencias=_referencias(),
        regra=_regra(),
        certame="Concurso Público 01/2025",
        municipio="Montenegro/RS",
        data=date(2025, 7, 20),
        local="Prefeitura, sala 2",
        membros=MEMBROS,
        avaliacoes=[
            AvaliacaoAta(
                "1002",
                "Beatriz Parda",
                "PROF",
                True,
                {"Carlos Souza": True, "Marta Lima": True, "Paulo Reis": False},
                "confirmado",
            ),
            AvaliacaoAta(
                "1006",
                "Nadia Preta",
                "PROF",
                True,
                {"Carlos Souza": False, "Marta Lima": False, "Paulo Reis": True},
                "nao_confirmado",
                parecer="Fenótipo não corresponde.",
                gravacoes=1,
            ),
            AvaliacaoAta("1007", "Nilo Pardo", "PROF", False, {}, "ausente"),
        ],
        observacoes="Sessão filmada.",
        numero=1,
        encerrada_em="20/07/2025, às 18:00",
    )


RECURSOS = [
    RecursoAta(
        "1006",
        "O próprio candidato",
        date(2025, 7, 25),
        "Provido",
        "confirmado",
        "Fenótipo reconhecido em nova avaliação.",
        nome="Nadia Preta",
        decidido_em=date(2025, 7, 28),
        sessao=date(2025, 7, 20),
        parecer_recorrido="nao_confirmado",
    ),
]


def test_membros_votos_maioria_e_gravacoes_sem_recursos() -> None:
    doc = ata_sessao(sessao())
    membros, decisoes = doc.tabelas
    assert membros.linhas[1] == ("Marta Lima", "feminino", "parda")
    col = {c: i for i, c in enumerate(decisoes.colunas)}
    b, n, a = decisoes.linhas
    assert b[col["Maioria"]] == "2 de 3 reconhecem"
    assert b[col["Voto: Paulo Reis"]] == "não reconhece"
    assert "Reconhecido(a)" in str(b[col["Decisão"]])
    assert n[col["Maioria"]] == "1 de 3 reconhece"
    assert n[col["Gravações enviadas"]] == 1
    assert n[col["Parecer da comissão"]] == "Fenótipo não corresponde."
    assert a[col["Comparecimento"]] == "ausente"
    assert "segue na ampla concorrência" in str(a[col["Decisão"]])
    html = html_documento(doc)
    assert "Ata da sessão da Comissão Avaliadora de Cotas nº 1" in html
    assert "3 (três) membros" in html and "art. 10" in html and "Em 20/07/2025" in html
    # as gravações contadas, não supostas; os recursos, fora da ata
    assert "1 gravação enviada de 3 convocados" in html
    assert "encerrou-se a sessão em 20/07/2025, às 18:00" in html
    assert "Recursos" not in [t.titulo for t in doc.tabelas]


def test_registro_dos_recursos_com_as_datas_e_o_resultado_final() -> None:
    doc = registro_recursos(
        RegistroRecursos("Concurso", "Montenegro/RS", RECURSOS, _referencias(), _regra())
    )
    (tabela,) = doc.tabelas
    col = {c: i for i, c in enumerate(tabela.colunas)}
    (linha,) = tabela.linhas
    assert linha[col["Interposto em"]] == "25/07/2025"
    assert linha[col["Decidido em"]] == "28/07/2025"
    assert linha[col["Sessão do parecer"]] == "20/07/2025"
    assert linha[col["Decisão"]] == "Provido"
    assert str(linha[col["Resultado final"]]).startswith("Reconhecido(a)")
    assert resultado_apos_recursos({"1006": "nao_confirmado"}, RECURSOS)["1006"] == "confirmado"


def test_minuta_diz_que_a_sessao_nao_foi_encerrada() -> None:
    from dataclasses import replace

    html = html_documento(ata_sessao(replace(sessao(), encerrada_em="")))
    assert "minuta" in html.lower() and "encerrou-se" not in html


def test_ata_em_pdf() -> None:
    exigir_pdf()
    texto = " ".join(texto_pdf(para_pdf(ata_sessao(sessao()))).split())
    assert "Carlos Souza" in texto and "2 de 3 reconhecem" in texto
    assert "Decisões da sessão" in texto and "Página 1 de" in texto


def test_ata_cita_os_artigos_da_lei_do_certame_nao_os_de_um_municipio() -> None:
    """Outra lei, outros artigos: a ata cita os do registro, nunca números escritos no código."""
    from dataclasses import replace

    outra = {
        chave: Referencia("Lei X", f"art. 9{n}", ref.texto)
        for n, (chave, ref) in enumerate(sorted(_referencias().items()))
    }
    html = html_documento(ata_sessao(replace(sessao(), referencias=outra)))
    assert f"({outra['decisao'].artigo})" in html
    assert f"({outra['membros'].artigo})" in html
    assert "art. 10" not in html and "art. 4º" not in html and "art. 7º" not in html
