"""Os textos para publicar (issue 21, item 3): a portaria de nomeação (de uma nomeação e de um
lote), os editais de convocação, o resultado da verificação e a homologação, pelo modelo do
órgão, em PDF (texto extraído) e DOCX (lido de volta), com os nomes, as vagas, o número da
portaria, o fundamento com as palavras da lei, quem assina, a versão do certame e a data em
que foram gerados."""

from __future__ import annotations

import io
from datetime import date
from typing import Any

import docx
import pypdf
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.nomeacoes.services import nomeacao_confirmar, nomeacoes_confirmar_em_lote
from cotas_web.ponte import leis
from cotas_web.textos.models import ModeloDeTexto
from cotas_web.textos.services import modelo_salvar

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _texto_do_pdf(conteudo: bytes) -> str:
    leitor = pypdf.PdfReader(io.BytesIO(conteudo))
    return " ".join(" ".join((p.extract_text() or "").split()) for p in leitor.pages)


def _texto_do_docx(conteudo: bytes) -> str:
    d = docx.Document(io.BytesIO(conteudo))
    partes = [p.text for p in d.paragraphs]
    partes += [c.text for t in d.tables for linha in t.rows for c in linha.cells]
    partes += [p.text for p in d.sections[0].header.paragraphs]
    partes += [p.text for p in d.sections[0].footer.paragraphs]
    return " ".join(" ".join(partes).split())


def _baixar(client: Any, certame: Any, tipo: str, formato: str, **params: str) -> Any:
    url = reverse("textos:texto", args=[certame.pk, tipo, formato])
    return client.get(url, params)


def _assinar(rita: Any, tipo: str) -> None:
    from cotas.documentos.atos import MODELOS_PADRAO

    modelo_salvar(
        usuario=rita,
        tipo=tipo,
        titulo=MODELOS_PADRAO[tipo].titulo,
        corpo=MODELOS_PADRAO[tipo].corpo,
        signatario_nome="Maria da Silva Prefeita",
        signatario_cargo="Prefeita Municipal",
    )


def test_portaria_de_um_lote_em_pdf_e_docx(client: Any, certame_homologado: Any, rita: Any) -> None:
    cargo = certame_homologado.cargos.get()
    atos = nomeacoes_confirmar_em_lote(
        usuario=rita,
        cargo=cargo,
        quantidade=3,
        portaria="201/2025",
        data_portaria=date(2025, 8, 3),
    )
    _assinar(rita, "portaria-nomeacao")
    entrar(client, rita)
    regras = leis.regras_do_certame(certame_homologado)
    vigencia = regras.lei.referencia_vigencia
    versao = versao_do_certame(certame_homologado.pk)
    for formato, ler in (("pdf", _texto_do_pdf), ("docx", _texto_do_docx)):
        resposta = _baixar(
            client, certame_homologado, "portaria-nomeacao", formato, portaria="201/2025"
        )
        assert resposta.status_code == 200
        assert (
            "concurso-01-2025-portaria-nomeacao-201-2025." + formato
            in resposta["Content-Disposition"]
        )
        texto = ler(resposta.content)
        assert "PORTARIA Nº 201/2025, DE 03/08/2025" in texto
        for ato in atos:
            assert ato.candidato.nome in texto
            assert ato.candidato.inscricao in texto
        assert [a.vaga for a in atos] == [1, 2, 3]
        assert "PROF — Professor" in texto
        assert vigencia.citacao() in texto  # o fundamento, dos dados da lei
        assert " ".join(vigencia.texto.split())[:60] in texto  # com as palavras da lei
        assert "Maria da Silva Prefeita" in texto and "Prefeita Municipal" in texto
        assert "Gerado em" in texto and f"versão {versao} do certame" in texto
        assert certame_homologado.lei_titulo in texto


def test_portaria_de_uma_nomeacao_so_traz_a_dela(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    cargo = certame_homologado.cargos.get()
    nomeacoes_confirmar_em_lote(
        usuario=rita, cargo=cargo, quantidade=2, portaria="201/2025", data_portaria=date(2025, 8, 3)
    )
    from cotas_web.nomeacoes.selectors import propostas_do_motor

    proxima = propostas_do_motor(certame=certame_homologado)[0]
    ato = nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao=proxima.inscricao,
        portaria="202/2025",
        data_portaria=date(2025, 8, 4),
    )
    entrar(client, rita)
    texto = _texto_do_pdf(
        _baixar(client, certame_homologado, "portaria-nomeacao", "pdf", portaria="202/2025").content
    )
    assert "PORTARIA Nº 202/2025, DE 04/08/2025" in texto
    assert ato.candidato.nome in texto
    assert "Alice Branco" not in texto  # (a 1ª nomeação é da portaria 201)
    # O painel leva ao texto de cada portaria.
    painel = client.get(reverse("nomeacoes:painel", args=[certame_homologado.pk])).content.decode()
    assert "Texto da portaria" in painel
    assert (
        reverse("textos:texto", args=[certame_homologado.pk, "portaria-nomeacao", "docx"]) in painel
    )


def test_portaria_sem_quem_assina_deixa_o_lugar_e_cita_a_concorrencia(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """Sem quem assina nos modelos, o texto começava por ", no uso de suas atribuições"; agora o
    lugar fica à vista para preencher. O fundamento traz a concorrência concomitante (por que
    cada um vai pela lista que vai), que a tela cita e a portaria não citava."""
    cargo = certame_homologado.cargos.get()
    nomeacoes_confirmar_em_lote(
        usuario=rita, cargo=cargo, quantidade=3, portaria="201/2025", data_portaria=date(2025, 8, 3)
    )
    entrar(client, rita)
    texto = _texto_do_docx(
        _baixar(
            client, certame_homologado, "portaria-nomeacao", "docx", portaria="201/2025"
        ).content
    )
    assert "__________ (cargo de quem assina), no uso de suas atribuições legais" in texto
    assert "\n, no uso" not in texto and not texto.lstrip().startswith(",")
    negros = leis.regras_do_certame(certame_homologado).grupo("negros")
    assert negros is not None
    [concorrencia] = negros.ref("concorrencia")
    assert concorrencia.citacao() in texto
    assert " ".join(concorrencia.texto.split())[:60] in texto


def test_portaria_anterior_a_uma_retificacao_fica_com_os_nomes_da_data_dela(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A portaria de 03/08 gerada depois da retificação de 01/09 que mudou o nome do cargo e o
    do certame saía com os nomes novos: o texto de um ato publicado mudava. A de depois da
    retificação usa os novos."""
    from cotas_web.certames.services import retificacao_registrar

    cargo = certame_homologado.cargos.get()
    nomeacoes_confirmar_em_lote(
        usuario=rita, cargo=cargo, quantidade=2, portaria="201/2025", data_portaria=date(2025, 8, 3)
    )
    retificacao_registrar(
        usuario=rita,
        certame=certame_homologado,
        data=date(2025, 9, 1),
        fundamento="Edital de retificação nº 2/2025",
        dados={"nome": "Concurso 01/2025 (retificado)"},
        cargos={cargo.pk: ("Professor de Matemática", cargo.vagas_edital)},
    )
    nomeacoes_confirmar_em_lote(
        usuario=rita, cargo=cargo, quantidade=1, portaria="202/2025", data_portaria=date(2025, 9, 2)
    )
    entrar(client, rita)
    antes = _texto_do_docx(
        _baixar(
            client, certame_homologado, "portaria-nomeacao", "docx", portaria="201/2025"
        ).content
    )
    assert "PROF — Professor" in antes and "Matemática" not in antes
    assert "Concurso 01/2025 (retificado)" not in antes
    depois = _texto_do_docx(
        _baixar(
            client, certame_homologado, "portaria-nomeacao", "docx", portaria="202/2025"
        ).content
    )
    assert "PROF — Professor de Matemática" in depois
    assert "Concurso 01/2025 (retificado)" in depois


def test_convocacao_dos_nomeados_cita_a_portaria(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    cargo = certame_homologado.cargos.get()
    atos = nomeacoes_confirmar_em_lote(
        usuario=rita, cargo=cargo, quantidade=2, portaria="201/2025", data_portaria=date(2025, 8, 3)
    )
    entrar(client, rita)
    texto = _texto_do_docx(
        _baixar(
            client,
            certame_homologado,
            "convocacao-nomeados",
            "docx",
            portaria="201/2025",
            numero="7/2025",
        ).content
    )
    assert "EDITAL DE CONVOCAÇÃO Nº 7/2025" in texto
    assert "Portaria de nomeação nº 201/2025" in texto
    assert all(a.candidato.nome in texto for a in atos)
    # Sem o número do edital, ele fica para preencher (antes, levava o da portaria).
    sem_numero = _texto_do_docx(
        _baixar(
            client, certame_homologado, "convocacao-nomeados", "docx", portaria="201/2025"
        ).content
    )
    assert "EDITAL DE CONVOCAÇÃO Nº ____" in sem_numero
    assert "EDITAL DE CONVOCAÇÃO Nº 201/2025" not in sem_numero


def test_editais_da_comissao_e_homologacao(client: Any, certame_homologado: Any, rita: Any) -> None:
    sessao = certame_homologado.sessoes.get()
    regra = leis.regras_do_certame(certame_homologado).comissao
    assert regra is not None
    entrar(client, rita)
    convocados = [c.candidato.nome for c in sessao.convocacoes.all()]
    assert len(convocados) == 3
    pedidos = {
        "convocacao-comissao": {
            "sessao": str(sessao.pk),
            "numero": "3/2025",
            "data_do_ato": "2025-07-10",
        },
        "resultado-preliminar": {"sessao": str(sessao.pk), "numero": "4/2025"},
        "resultado-final": {"numero": "5/2025"},
        "homologacao": {"numero": "6/2025"},
    }
    for tipo, params in pedidos.items():
        for formato, ler in (("pdf", _texto_do_pdf), ("docx", _texto_do_docx)):
            resposta = _baixar(client, certame_homologado, tipo, formato, **params)
            assert resposta.status_code == 200, (tipo, formato)
            texto = ler(resposta.content)
            assert f"Nº {params['numero']}" in texto, (tipo, texto[:300])
            assert "Gerado em" in texto
            if tipo != "homologacao":
                assert all(nome in texto for nome in convocados), tipo
                assert (
                    regra.referencias["decisao" if "resultado" in tipo else "momento"].citacao()
                    in texto
                )
    convocacao = _texto_do_pdf(
        _baixar(
            client,
            certame_homologado,
            "convocacao-comissao",
            "pdf",
            **pedidos["convocacao-comissao"],
        ).content
    )
    assert "em 20/07/2025, em Prefeitura" in convocacao and "DE 10/07/2025" in convocacao
    final = _texto_do_pdf(_baixar(client, certame_homologado, "resultado-final", "pdf").content)
    assert "Reconhecido(a) como negro(a)" in final
    homologacao = _texto_do_pdf(_baixar(client, certame_homologado, "homologacao", "pdf").content)
    assert "DE 01/08/2025" in homologacao and "PROF" in homologacao


def test_texto_sem_ato_e_404_e_a_comissao_nao_baixa(
    client: Any, certame_homologado: Any, rita: Any, carlos: Any
) -> None:
    entrar(client, rita)
    resposta = _baixar(client, certame_homologado, "portaria-nomeacao", "pdf", portaria="999/2025")
    assert resposta.status_code == 404
    entrar(client, carlos)
    assert client.get(reverse("textos:lista", args=[certame_homologado.pk])).status_code == 403


def test_modelo_editado_com_campo_desconhecido_diz_linha_e_coluna(rita: Any) -> None:
    with pytest.raises(ValidationError) as erro:
        modelo_salvar(
            usuario=rita,
            tipo="homologacao",
            titulo="EDITAL $numro",
            corpo="Primeira linha.\n\nHomologa o $certame em $dat e custa $ 5.",
            signatario_nome="",
            signatario_cargo="",
        )
    mensagens = erro.value.messages
    assert mensagens == [
        "título, linha 1, coluna 8: campo desconhecido “$numro”; os campos são: "
        + ", ".join("$" + c for c in __import__("cotas.documentos.atos").documentos.atos.CAMPOS),
        mensagens[1],
        "texto, linha 3, coluna 37: “$” sem o nome de um campo (para escrever o símbolo, use “$$”)",
    ]
    assert mensagens[1].startswith("texto, linha 3, coluna 24: campo desconhecido “$dat”")
    assert ModeloDeTexto.objects.count() == 0
    assert Registro.objects.filter(acao="modelo_de_texto").count() == 0


def test_modelo_editado_pela_tela_vale_no_texto_e_fica_no_registro(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    entrar(client, rita)
    url = reverse("textos:modelo", args=["homologacao"])
    assert client.get(url).status_code == 200
    resposta = client.post(
        url,
        {
            "titulo": "HOMOLOGAÇÃO Nº $numero",
            "corpo": "O $cargo_signatario homologa o $certame ($fundamento).",
            "signatario_nome": "João Prefeito",
            "signatario_cargo": "Prefeito",
        },
    )
    assert resposta.status_code == 302
    registro = Registro.objects.get(acao="modelo_de_texto")
    assert registro.certame is None and "Homologação do resultado final" in registro.descricao
    texto = _texto_do_pdf(
        _baixar(client, certame_homologado, "homologacao", "pdf", numero="9").content
    )
    assert "HOMOLOGAÇÃO Nº 9" in texto and "O Prefeito homologa o Concurso 01/2025" in texto
    assert "João Prefeito" in texto
