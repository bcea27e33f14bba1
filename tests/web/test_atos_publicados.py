"""A jornada do issue "atos são fatos": duas nomeações publicadas por portaria (vagas 1 e 2);
depois da homologação, a nota de um terceiro é corrigida e ele passaria ao primeiro lugar. As
duas nomeações ficam como foram publicadas no painel, na ordem pública (página, CSV, XLSX, PDF),
nas consultas e no histórico; a página de confirmação mostra a preterição e o que se segue dela
antes de registrar a correção (docs/INTERPRETACAO.md#atos-publicados)."""

from __future__ import annotations

import csv as csv_mod
import io
from datetime import date
from typing import Any

import pytest
from django.urls import reverse
from python_calamine import CalamineWorkbook

from cotas.documentos.pdf import pdf_disponivel
from cotas_web.auditoria.integridade import verificar_cadeia
from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.pelo_registro import conferir
from cotas_web.candidatos.models import Candidato
from cotas_web.nomeacoes.models import Nomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import nomeacao_confirmar
from tests.documentos.conftest import texto_pdf

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _nomear_duas(certame: Any, rita: Any) -> None:
    cargo = certame.cargos.get()
    for numero, proposta in zip((105, 106), propostas_do_motor(certame=certame)[:2], strict=True):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao=proposta.inscricao,
            portaria=f"{numero}/2025",
            data_portaria=date(2025, 8, 3),
        )


def _corrigir(client: Any, certame: Any, confirmar: bool) -> Any:
    fabio = Candidato.objects.get(certame=certame, inscricao="1008")
    dados = {
        "campo": "nota",
        "valor": "99,00",
        "data": "10/08/2025",
        "motivo": "Recurso da prova provido",
        "fundamento": "Decisão do recurso nº 7/2025",
    }
    if confirmar:
        dados["confirmar"] = "1"
    return client.post(reverse("candidatos:corrigir", args=[certame.pk, fabio.pk]), dados)


def _publicadas() -> list[tuple[int, int, str, str, str]]:
    return [
        (n.ordem, n.vaga, n.candidato.inscricao, n.portaria, n.razao)
        for n in Nomeacao.objects.select_related("candidato").order_by("ordem")
    ]


def test_correcao_depois_de_publicadas_nao_move_as_nomeacoes(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    certame = certame_homologado
    _nomear_duas(certame, rita)
    antes = _publicadas()
    assert [(o, v, i, p) for o, v, i, p, _ in antes] == [
        (1, 1, "1001", "105/2025"),
        (2, 2, "1002", "106/2025"),
    ]
    entrar(client, rita)

    # Antes de confirmar: quem passa à frente, a preterição e o destino do preterido.
    pagina = _corrigir(client, certame, confirmar=False).content.decode()
    assert "passa do 8º ao 1º lugar, à frente de 1001 (Alice Branco)" in pagina
    assert (
        "A vaga 1 (Portaria nº 105/2025, de 03/08/2025) é de 1001 (Alice Branco): pela "
        "classificação de hoje, seria de 1008 (Fabio Branco)" in pagina
    )
    # A vaga 2 teria ido à 1001, que já tem a 1 por ato: ninguém foi preterido nela.
    assert "A vaga 2 (Portaria nº 106/2025" not in pagina
    assert "1008 (Fabio Branco), preterido(a), recebe a próxima vaga da lista geral" in pagina
    assert "a vaga 4, proposta para nomeação" in pagina
    assert "Critério: o ato publicado fica; o preterido recebe a próxima vaga" in pagina
    assert Candidato.objects.get(certame=certame, inscricao="1008").nota == 55  # nada gravado

    _corrigir(client, certame, confirmar=True)
    assert Candidato.objects.get(certame=certame, inscricao="1008").nota == 99
    assert _publicadas() == antes  # as nomeações gravadas, intactas
    registro = Registro.objects.filter(certame=certame).order_by("-pk")[0]
    assert "Motivo: Recurso da prova provido. A vaga 1" in registro.descricao

    # O painel do RH: as propostas seguem nas vagas livres, a 4 ao preterido.
    assert [(p.vaga, p.inscricao) for p in propostas_do_motor(certame=certame)] == [
        (3, "1006"),
        (4, "1008"),
        (5, "1003"),
    ]
    painel = client.get(reverse("nomeacoes:painel", args=[certame.pk])).content.decode()
    assert "105/2025" in painel and "106/2025" in painel
    # O "Por quê" da vaga 4 diz ao preterido a correção e a vaga que seria dele; só nela.
    (na_4,) = [p for p in propostas_do_motor(certame=certame) if p.vaga == 4]
    assert "Preterido(a) pela correção de 10/08/2025: a vaga 1 (Portaria nº 105/2025" in na_4.razao
    assert "Critério: o ato publicado fica" in na_4.razao
    assert "Preterido" in painel
    assert all(
        "Preterido" not in p.razao for p in propostas_do_motor(certame=certame) if p.vaga != 4
    )

    # A ordem pública: página, CSV, XLSX e PDF dizem a vaga 1 de 1001 pela Portaria 105.
    client.logout()
    pk = certame.pk
    ordem = client.get(
        reverse("publico:documento", args=[pk, "ordem-de-nomeacao"])
    ).content.decode()
    assert "Portaria nº 105/2025" in ordem
    # O ato publicado e a correção lado a lado, cada um com a sua data.
    assert "Correções depois da homologação" in ordem
    assert "10/08/2025" in ordem and "nota: 55 → 99" in ordem
    csv = client.get(reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "nomeacoes"]))
    tabela = list(csv_mod.DictReader(io.StringIO(csv.content.decode("utf-8-sig")), delimiter=";"))
    assert [(t["Vaga"], t["Inscrição"], t["Ato"]) for t in tabela] == [
        ("1", "1001", "Portaria nº 105/2025, de 03/08/2025"),
        ("2", "1002", "Portaria nº 106/2025, de 03/08/2025"),
    ]
    xlsx = client.get(reverse("publico:baixar", args=[pk, "ordem-de-nomeacao", "xlsx"]))
    planilha = CalamineWorkbook.from_filelike(io.BytesIO(xlsx.content))
    celulas = [
        [str(c) for c in linha]
        for nome in planilha.sheet_names
        for linha in planilha.get_sheet_by_name(nome).to_python()
    ]
    assert any("1001" in linha and "105/2025" in " ".join(linha) for linha in celulas)
    # A correção também nos arquivos, com a data dela: na sua aba do XLSX, no seu CSV e no PDF.
    assert ["10/08/2025", "PROF", "1008", "nota: 55 → 99", "Decisão do recurso nº 7/2025"] in [
        linha[:5] for linha in celulas
    ]
    csv = client.get(reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "correcoes"]))
    correcoes = list(
        csv_mod.DictReader(io.StringIO(csv.content.decode("utf-8-sig")), delimiter=";")
    )
    assert [(c["Data"], c["Inscrição"], c["Correção"]) for c in correcoes] == [
        ("10/08/2025", "1008", "nota: 55 → 99")
    ]
    listas = client.get(reverse("publico:baixar_tabela", args=[pk, "listas", "correcoes"]))
    assert "nota: 55 → 99" in listas.content.decode("utf-8-sig")
    if pdf_disponivel():
        pdf = client.get(reverse("publico:baixar", args=[pk, "ordem-de-nomeacao", "pdf"]))
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        texto = texto_pdf(pdf.content)
        assert "Correções depois da homologação" in texto and "nota: 55 → 99" in texto

    # As consultas: 1001 continua nomeada na vaga 1; 1008 espera a vaga 4.
    consulta = reverse("publico:consulta", args=[pk])
    alice = client.get(consulta, {"inscricao": "1001"}).content.decode()
    assert "nomeado(a) na vaga 1" in alice and "Portaria nº 105/2025" in alice
    fabio = client.get(consulta, {"inscricao": "1008"}).content.decode()
    assert "vaga 1" not in fabio
    # A correção dele na linha do tempo, com a data e o fundamento.
    assert "10/08/2025</time> — Correção depois da homologação (nota: 55 → 99)" in fabio
    assert "Decisão do recurso nº 7/2025" in fabio

    # O histórico: a nomeação na vaga 1 e a correção com a preterição, e a cadeia íntegra.
    entrar(client, rita)
    historico = client.get(reverse("certames:historico", args=[pk])).content.decode()
    assert "vaga 1" in historico and "seria de 1008 (Fabio Branco)" in historico
    assert verificar_cadeia(certame.pk).integra
    assert conferir(certame.pk).diferenca is None


def test_correcao_sem_nomeacao_publicada_nao_fala_em_preterição(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    entrar(client, rita)
    pagina = _corrigir(client, certame_homologado, confirmar=False).content.decode()
    assert "passa do 8º ao 1º lugar" in pagina
    assert "preterido" not in pagina
    assert "Proposta para a vaga 1: 1001 (Alice Branco) → 1008 (Fabio Branco)." in pagina
    # 5 vagas: 1004 (Davi), a última da ampla, sai das propostas.
    assert "1004 (Davi Branco) deixa de ter vaga proposta agora" in pagina


def test_nomeacao_tornada_sem_efeito_sai_da_ordem_publica_e_a_certa_entra(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A portaria errada tornada sem efeito não aparece mais como nomeação na ordem pública;
    a nomeação refeita com a portaria certa aparece com ela."""
    from cotas_web.nomeacoes.services import nomeacao_tornar_sem_efeito

    certame = certame_homologado
    _nomear_duas(certame, rita)
    errada = Nomeacao.objects.get(portaria="105/2025")
    nomeacao_tornar_sem_efeito(
        usuario=rita,
        nomeacao=errada,
        data=date(2025, 8, 4),
        ato="Portaria nº 150/2025",
        autoridade="Prefeito Municipal",
        motivo="Número da portaria errado",
    )
    url = reverse("publico:baixar_tabela", args=[certame.pk, "ordem-de-nomeacao", "nomeacoes"])

    def publicada() -> list[tuple[str, str, str]]:
        texto = client.get(url).content.decode("utf-8-sig")
        tabela = list(csv_mod.DictReader(io.StringIO(texto), delimiter=";"))
        return [(t["Vaga"], t["Inscrição"], t["Ato"]) for t in tabela]

    # Antes da portaria certa, a vaga 1 volta a ser só proposta: nada publicado nela.
    assert publicada() == [("2", "1002", "Portaria nº 106/2025, de 03/08/2025")]
    nomeacao_confirmar(
        usuario=rita,
        cargo=certame.cargos.get(),
        inscricao="1001",
        portaria="151/2025",
        data_portaria=date(2025, 8, 4),
    )
    assert publicada() == [
        ("1", "1001", "Portaria nº 151/2025, de 04/08/2025"),
        ("2", "1002", "Portaria nº 106/2025, de 03/08/2025"),
    ]
